/**
 * A shop's customers (issue 51) on PGlite and PostgreSQL: buyers grouped by e-mail whatever its
 * case, with their paid purchases and what they add up to, found by name without accents or by
 * phone, paged, as a CSV, one at a time with their orders; another seller's are a 404.
 */
import { describe, expect, inject, it } from 'vitest';
import { ApiClient, uniqueEmail } from '../../support/http';
import { openShop } from '../../support/shop';
import { decodedMail, waitForMailWith } from '../../support/smtp';
import { claimServers } from '../../support/claims';

const servers = claimServers({ bothEngines: true });
const mailDir = inject('mailDir');

describe.each(servers)('customers on $kind', ({ url }) => {
  const place = (
    product: number,
    buyer: { name: string; email: string; phone: string },
    extra: Record<string, unknown> = {},
  ) =>
    new ApiClient(url).post('/api/orders/', {
      items: [{ product, quantity: 1 }],
      buyer,
      delivery: { method: 'retiro' },
      payment_method: 'transferencia',
      ...extra,
    });

  async function shopWithBuyers() {
    const api = new ApiClient(url);
    const [ana, bea] = [await api.register(), await api.register()];
    const { product } = await openShop(api, ana.token, { name: 'Cerámica Ana' });
    const theirs = await openShop(api, bea.token, { name: 'Tejidos Bea' });
    const jose = uniqueEmail('jose');
    const marta = uniqueEmail('marta');
    const as = { token: ana.token, useCookies: false };
    // José buys twice (once typing his e-mail in capitals), paying the first; later he unticks the consent.
    const first = (
      await place(
        product.id,
        { name: 'José Núñez', email: jose, phone: '9 8765 4321' },
        { marketing_consent: true },
      )
    ).body;
    expect((await api.patch(`/api/orders/${first.id}/`, { status: 'pagado' }, as)).status).toBe(
      200,
    );
    expect(
      (
        await place(product.id, {
          name: 'José Núñez R.',
          email: jose.toUpperCase(),
          phone: '9 8765 4321',
        })
      ).status,
    ).toBe(201);
    await place(
      product.id,
      { name: 'Marta Díaz', email: marta, phone: '9 1111 2222' },
      {
        marketing_consent: true,
      },
    );
    // Bea's buyer with José's e-mail is hers alone.
    await place(theirs.product.id, {
      name: 'José en otra tienda',
      email: jose,
      phone: '9 3333 4444',
    });
    return { api, ana, bea, as, jose, marta, product };
  }

  it('groups by e-mail, counts paid purchases and keeps what the newest order says', async () => {
    const { api, as, jose } = await shopWithBuyers();
    const list = await api.get('/api/store/customers/', as);
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(2);
    const him = list.body.results.find((c: { email: string }) => c.email === jose);
    expect(him).toMatchObject({
      name: 'José Núñez R.',
      phone: '+56987654321',
      orders: 2,
      purchases: 1,
      total_spent: 12990,
      marketing_consent: false,
    });
    expect(him.key).toMatch(/^[0-9a-f]{32}$/);
    // The latest buyer first.
    expect(list.body.results[0].name).toBe('Marta Díaz');
  });

  it('shows a new buyer and a payment at the next read (kept pages move with the orders)', async () => {
    const { api, ana, as, marta, product } = await shopWithBuyers();
    expect((await api.get('/api/store/customers/', as)).body.count).toBe(2);
    const rosa = uniqueEmail('rosa');
    const placed = (
      await place(product.id, { name: 'Rosa Pérez', email: rosa, phone: '9 2222 3333' })
    ).body;
    const after = (await api.get('/api/store/customers/', as)).body;
    expect(after.count).toBe(3);
    expect(after.results[0]).toMatchObject({ email: rosa, purchases: 0 });
    await api.patch(`/api/orders/${placed.id}/`, { status: 'pagado' }, { token: ana.token });
    const paid = (await api.get('/api/store/customers/', as)).body.results[0];
    expect(paid).toMatchObject({ email: rosa, purchases: 1, total_spent: 12990 });
    expect(after.results.map((c: { email: string }) => c.email)).toContain(marta);
  });

  it('finds by name without accents, by e-mail and by phone; pages', async () => {
    const { api, as, jose } = await shopWithBuyers();
    const find = async (q: string) =>
      (await api.get(`/api/store/customers/?q=${encodeURIComponent(q)}`, as)).body;
    expect((await find('nunez')).results.map((c: { email: string }) => c.email)).toEqual([jose]);
    expect((await find(jose.toUpperCase())).count).toBe(1);
    expect((await find('1111 2222')).results[0].name).toBe('Marta Díaz');
    expect((await find('otra tienda')).count).toBe(0);
    // 100% and _ are text, not patterns.
    expect((await find('%')).count).toBe(0);
    expect((await api.get('/api/store/customers/?page=2', as)).status).toBe(404);
  });

  it('downloads the customers as a spreadsheet, a search narrowing it', async () => {
    const { ana, jose } = await shopWithBuyers();
    const get = (q = '') =>
      fetch(`${url}/api/store/customers/csv/${q ? `?q=${q}` : ''}`, {
        headers: { Authorization: `Token ${ana.token}` },
      });
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="clientes-/);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(text.startsWith('\uFEFFNombre;Correo;Teléfono;Comuna;Acepta publicidad;')).toBe(true);
    const lines = text.trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(
      new Date(),
    );
    // A phone starts with +: quoted so a spreadsheet never reads a formula (as every CSV here).
    expect(lines[2]).toBe(`José Núñez R.;${jose};56 9 8765 4321;;No;2;1;12990;${today}`);
    expect(lines.some((l) => l.startsWith('Marta Díaz;') && l.includes(';Sí;1;0;0;'))).toBe(true);
    const narrowed = new TextDecoder('utf-8', { ignoreBOM: true }).decode(
      await (await get('marta')).arrayBuffer(),
    );
    expect(narrowed.trimEnd().split('\r\n')).toHaveLength(2);
  });

  it("shows one customer with their orders; another seller's is a 404", async () => {
    const { api, as, bea, jose } = await shopWithBuyers();
    const him = (await api.get(`/api/store/customers/?q=${jose}`, as)).body.results[0];
    const one = await api.get(`/api/store/customers/${him.key}/`, as);
    expect(one.status).toBe(200);
    expect(one.body.order_list).toHaveLength(2);
    expect(one.body.order_list.map((o: { status: string }) => o.status)).toEqual([
      'pendiente_pago',
      'pagado',
    ]);
    const asBea = { token: bea.token, useCookies: false };
    expect((await api.get(`/api/store/customers/${him.key}/`, asBea)).status).toBe(404);
    expect((await api.get('/api/store/customers/no-es-una-clave/', as)).status).toBe(404);
    expect((await api.get('/api/store/customers/', asBea)).body.count).toBe(1);
    expect((await new ApiClient(url).get('/api/store/customers/')).status).toBe(401);
  });

  it("sends a code by mail only to who accepted marketing, once; codes and customers are the seller's", async () => {
    const { api, as, bea, jose, marta } = await shopWithBuyers();
    const keyOf = async (email: string) =>
      (await api.get(`/api/store/customers/?q=${email}`, as)).body.results[0].key as string;
    const code = (
      await api.post('/api/discounts/', { code: 'VUELVE10', kind: 'percent', value: 10 }, as)
    ).body;
    const paused = (
      await api.post(
        '/api/discounts/',
        { code: 'PAUSADO', kind: 'amount', value: 2000, active: false },
        as,
      )
    ).body;
    const send = (key: string, discount: number, token = as.token) =>
      api.post(`/api/store/customers/${key}/code/`, { discount }, { token, useCookies: false });

    const toMarta = await send(await keyOf(marta), code.id);
    expect(toMarta.status).toBe(202);
    expect(toMarta.body).toEqual({ sent: true, code: 'VUELVE10', to: marta });
    const mail = await waitForMailWith(mailDir, marta, 'VUELVE10', decodedMail);
    expect(mail).toMatch(/Subject: =\?UTF-8\?Q\?Un_código_de_descuento_de_Cer/);
    expect(mail).toContain('Hola, Marta:');
    expect(mail).toContain('10 % de descuento en tu próxima compra');
    expect(mail).toMatch(/Reply-To: .+/);
    expect(mail).toContain('Si no quieres recibir más, sal de la lista con un clic: http');
    // Again: nothing more is sent.
    expect((await send(await keyOf(marta), code.id)).body).toEqual({
      sent: false,
      code: 'VUELVE10',
      to: marta,
    });

    // José's newest order withdrew his consent; a paused code is not sent.
    const toJose = await send(await keyOf(jose), code.id);
    expect(toJose.status).toBe(409);
    expect(toJose.body.message).toContain('no aceptó recibir publicidad');
    expect((await send(await keyOf(marta), paused.id)).status).toBe(409);
    // Another seller's customer or code: 404.
    expect((await send(await keyOf(marta), code.id, bea.token)).status).toBe(404);
    const theirs = (
      await api.post(
        '/api/discounts/',
        { code: 'DE-BEA', kind: 'percent', value: 5 },
        { token: bea.token },
      )
    ).body;
    expect((await send(await keyOf(marta), theirs.id)).status).toBe(404);
  });
});
