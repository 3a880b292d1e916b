/**
 * Each store's own Webpay Plus account (`/api/store/webpay/`), on PGlite and PostgreSQL: the key
 * is never sent back, validation speaks Spanish, versions guard the shop's settings, "Probar
 * conexión" tells a known account from an unknown one, and each store's transactions reach the
 * local Webpay with that store's own `Tbk-Api-Key-Id`.
 */
import { describe, expect, inject, it } from 'vitest';
import { ApiClient, uniqueEmail } from '../../support/http';
import {
  SECOND_API_KEY,
  SECOND_COMMERCE_CODE,
  WEBPAY_API_KEY,
  WEBPAY_COMMERCE_CODE,
} from '../../support/webpay';
import { SELLER_IDENTITY } from '../../support/shop';
import { claimServers } from '../../support/claims';

const servers = claimServers();
const webpayUrl = inject('webpayUrl');

async function shop(url: string) {
  const api = new ApiClient(url);
  const { token } = await api.register();
  const saved = await api.patch(
    '/api/store/',
    { ...SELLER_IDENTITY, name: 'Cerámica Sur', transfer_details: 'Banco Estado 123', version: 0 },
    { token },
  );
  const product = (
    await api.post('/api/products/', { name: 'Taza', price: 12990, published: true }, { token })
  ).body;
  return { api, token, version: saved.body.version as number, product };
}

/** A buyer's Webpay order for `product`, and the commerce code its transaction was created with. */
async function webpayOrder(url: string, product: number) {
  const placed = await new ApiClient(url).post('/api/orders/', {
    items: [{ product, quantity: 1 }],
    buyer: { name: 'Camila Soto', email: uniqueEmail('camila'), phone: '9 8765 4321' },
    delivery: { method: 'retiro' },
    payment_method: 'webpay',
  });
  if (placed.status !== 201) return { status: placed.status, body: placed.body };
  const html = await (await fetch(placed.body.receipt_url)).text();
  const token = /name="token_ws" value="([^"]+)"/.exec(html)![1]!;
  const tx = await (await fetch(`${webpayUrl}/__debug/transactions/${token}`)).json();
  return { status: placed.status, commerceCode: tx.commerce_code as string };
}

describe.each(servers)('a store’s own Webpay account on $kind', ({ url }) => {
  it('is saved sealed, shown only by its end, and validated in Spanish', async () => {
    const { api, token, version } = await shop(url);
    expect((await api.get('/api/store/webpay/', { token })).body).toEqual({
      configured: false,
      commerce_code: null,
      api_key_hint: null,
      environment: 'integration',
      check: null,
      checked_at: null,
      version,
    });

    const bad = await api.put(
      '/api/store/webpay/',
      { commerce_code: '5970-abc', environment: 'pruebas', version },
      { token },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors.commerce_code).toEqual([
      'El código de comercio son 12 dígitos, como 597012345678.',
    ]);
    expect(bad.body.errors.environment).toEqual(['Elige integración o producción.']);
    const keyless = await api.put(
      '/api/store/webpay/',
      { commerce_code: WEBPAY_COMMERCE_CODE, environment: 'integration', version },
      { token },
    );
    expect(keyless.status).toBe(400);
    expect(keyless.body.errors.api_key).toEqual(['Escribe la llave secreta que te dio Transbank.']);

    const saved = await api.put(
      '/api/store/webpay/',
      {
        commerce_code: WEBPAY_COMMERCE_CODE,
        api_key: WEBPAY_API_KEY,
        environment: 'integration',
        version,
      },
      { token },
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      configured: true,
      commerce_code: WEBPAY_COMMERCE_CODE,
      api_key_hint: '••••6B1C',
      environment: 'integration',
      // Saving asks Webpay at once: checkout offers only an account it knows.
      check: 'ok',
      checked_at: expect.any(String),
      version: version + 1,
    });
    const shown = JSON.stringify((await api.get('/api/store/webpay/', { token })).body);
    expect(shown).not.toContain(WEBPAY_API_KEY.slice(0, 8));
    expect(JSON.stringify((await api.get('/api/store/', { token })).body)).not.toContain(
      WEBPAY_API_KEY.slice(0, 8),
    );

    // A stale version is a 409 with the stored account; an empty key keeps the stored one.
    const stale = await api.put(
      '/api/store/webpay/',
      { commerce_code: SECOND_COMMERCE_CODE, environment: 'integration', version },
      { token },
    );
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ commerce_code: WEBPAY_COMMERCE_CODE });
    const kept = await api.put(
      '/api/store/webpay/',
      {
        commerce_code: WEBPAY_COMMERCE_CODE,
        api_key: '',
        environment: 'production',
        version: version + 1,
      },
      { token },
    );
    expect(kept.body).toMatchObject({ api_key_hint: '••••6B1C', environment: 'production' });
  });

  it('"Probar conexión" tells an account Webpay knows from one it does not, creating nothing', async () => {
    const { api, token, version } = await shop(url);
    const check = () => api.post('/api/store/webpay/check/', undefined, { token });
    expect((await check()).status).toBe(400);
    await api.put(
      '/api/store/webpay/',
      {
        commerce_code: WEBPAY_COMMERCE_CODE,
        api_key: WEBPAY_API_KEY,
        environment: 'integration',
        version,
      },
      { token },
    );
    expect((await check()).body).toMatchObject({ result: 'ok', title: 'Webpay aceptó tu cuenta' });
    await api.put(
      '/api/store/webpay/',
      {
        commerce_code: WEBPAY_COMMERCE_CODE,
        api_key: 'otra-llave',
        environment: 'integration',
        version: version + 1,
      },
      { token },
    );
    expect((await check()).body).toMatchObject({
      result: 'rejected',
      title: 'Webpay no reconoce tu cuenta',
    });
  });

  it('each store is paid through its own account; without one, Webpay is not offered', async () => {
    const [first, second, plain] = await Promise.all([shop(url), shop(url), shop(url)]);
    for (const [store, code, key] of [
      [first, WEBPAY_COMMERCE_CODE, WEBPAY_API_KEY],
      [second, SECOND_COMMERCE_CODE, SECOND_API_KEY],
    ] as const)
      expect(
        (
          await store.api.put(
            '/api/store/webpay/',
            {
              commerce_code: code,
              api_key: key,
              environment: 'integration',
              version: store.version,
            },
            { token: store.token },
          )
        ).status,
      ).toBe(200);
    expect(await webpayOrder(url, first.product.id)).toEqual({
      status: 201,
      commerceCode: WEBPAY_COMMERCE_CODE,
    });
    expect(await webpayOrder(url, second.product.id)).toEqual({
      status: 201,
      commerceCode: SECOND_COMMERCE_CODE,
    });
    const refused = await webpayOrder(url, plain.product.id);
    expect(refused.status).toBe(400);

    // Disconnected: the store stops offering Webpay at once.
    const current = (await second.api.get('/api/store/webpay/', { token: second.token })).body;
    const removed = await second.api.delete('/api/store/webpay/', {
      token: second.token,
      body: { version: current.version },
    });
    expect(removed.body).toMatchObject({ configured: false, api_key_hint: null });
    expect((await webpayOrder(url, second.product.id)).status).toBe(400);
  });
});
