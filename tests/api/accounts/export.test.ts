/**
 * «Mis datos» (issue 48): `GET /api/users/me/export/` holds everything of the person and nothing of
 * anyone else, never a secret; signed out it is a 401. On PGlite and PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { ApiClient, uniqueEmail } from '../../support/http';
import { openShop } from '../../support/shop';
import { claimServers } from '../../support/claims';

const servers = claimServers();

describe.each(servers)('the data export on $kind', ({ url }) => {
  it('is the person’s own data, with no secret, and none of another seller who sold to the same buyer', async () => {
    const api = new ApiClient(url);
    const [ana, bea] = [await api.register(), await api.register()];
    const shops = [
      await openShop(api, ana.token, { name: 'Cerámica Ana' }),
      await openShop(api, bea.token, { name: 'Tejidos Bea' }),
    ];
    // One buyer buys in both shops.
    const buyer = uniqueEmail('compradora');
    for (const { product } of shops) {
      const placed = await new ApiClient(url).post('/api/orders/', {
        items: [{ product: product.id, quantity: 1 }],
        buyer: { name: 'Camila Soto', email: buyer, phone: '9 8765 4321' },
        delivery: { method: 'retiro' },
        payment_method: 'transferencia',
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    }
    await api.put(
      '/api/store/webpay/',
      {
        commerce_code: '597055555532',
        api_key: '579B532A7440BB0C9079DED94D31EA1615BACEB56610332264630D42D0A36B1C',
        environment: 'integration',
        version: 1,
      },
      { token: ana.token },
    );

    const res = await api.get('/api/users/me/export/', { token: ana.token, useCookies: false });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="impulsa-mis-datos-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    const data = res.body;
    expect(data.profile.email).toBe(ana.user.email);
    expect(data.consents).toEqual([
      { what: 'terms-and-privacy', version: '2026-12-01', at: expect.any(String) },
    ]);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.store.name).toBe('Cerámica Ana');
    expect(data.products.map((p: { id: number }) => p.id)).toEqual([shops[0]!.product.id]);
    expect(data.ordersAsSeller).toHaveLength(1);
    expect(data.orderItems).toHaveLength(1);

    const text = JSON.stringify(data);
    for (const absent of [
      bea.user.email,
      'Tejidos Bea',
      ana.token,
      '579B532A7440BB0C9079DED94D31EA1615BACEB56610332264630D42D0A36B1C',
      'passwordHash',
      'tokenHash',
      '"webpaySecret":',
      '$argon2',
    ])
      expect(text, absent).not.toContain(absent);
  });

  it('is a 401 signed out, and only answers GET', async () => {
    const api = new ApiClient(url);
    expect((await api.get('/api/users/me/export/', { useCookies: false })).status).toBe(401);
    const { token } = await api.register();
    expect((await api.post('/api/users/me/export/', {}, { token })).status).toBe(405);
  });
});
