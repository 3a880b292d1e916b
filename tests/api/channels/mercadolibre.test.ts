/**
 * Connecting Mercado Libre (issue 66) against the local Mercado Libre: the OAuth round trip with a
 * state bound to the seller's account; the channel never shows a token; a state that is not hers
 * connects nothing; two refreshes at once make one token call (the refresh token is single-use);
 * a grant revoked at Mercado Libre says «Vuelve a conectar tu cuenta» and keeps the account. Her
 * active listings come back variation by variation with proposed links; she confirms them.
 */
import { describe, expect, inject, it } from 'vitest';
import { claimServers } from '../../support/claims';
import { ApiClient, uniqueEmail } from '../../support/http';
import { ML_SELLER, POLERA, type MlItem } from '../../support/mercadolibre';
import { SELLER_IDENTITY } from '../../support/shop';
import { until } from '../../support/until';

const servers = claimServers();
const ml = inject('mercadolibreUrl');
const PATH = '/api/store/channels/mercadolibre/';

/** Follows the round trip: Impulsa → Mercado Libre (which consents at once) → Impulsa. */
async function connect(api: ApiClient, tamper?: (back: URL) => void) {
  const start = await api.get('/canales/mercadolibre/conectar');
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get('location')!);
  expect(authorize.origin).toBe(ml);
  expect(authorize.searchParams.get('redirect_uri')).toBe(
    `${api.base}/canales/mercadolibre/vuelta`,
  );
  const consent = await fetch(authorize, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location')!);
  tamper?.(back);
  const done = await api.get(back.pathname + back.search);
  expect(done.status).toBe(303);
  expect(done.headers.get('location')).toBe('/canales');
  return back;
}

const stats = async () => (await (await fetch(`${ml}/__debug/stats`)).json()).tokenCalls;

describe.each(servers)('Mercado Libre connection on $kind', ({ url }) => {
  it('connects by OAuth, never shows a token, and refuses a state that is not hers', async () => {
    const api = new ApiClient(url);
    await api.register();
    expect((await api.get(PATH)).body).toEqual({
      connected: false,
      user_id: null,
      nickname: null,
      connected_at: null,
      last_sync_at: null,
      problems: [],
    });
    // Another state than the one kept for her: nothing connects.
    await connect(api, (back) => back.searchParams.set('state', 'otro-estado'));
    expect((await api.get(PATH)).body.connected).toBe(false);

    await connect(api);
    const view = (await api.get(PATH)).body;
    expect(view).toMatchObject({
      connected: true,
      user_id: String(ML_SELLER.id),
      nickname: ML_SELLER.nickname,
      problems: [],
    });
    expect(JSON.stringify(view)).not.toMatch(/APP_USR|TG-/);
    const page = await api.get('/canales');
    expect(page.body).toContain(ML_SELLER.nickname);
    expect(page.body).not.toMatch(/APP_USR|TG-/);

    // The same Mercado Libre account for another shop: refused, the first keeps it.
    const other = new ApiClient(url);
    await other.register();
    await connect(other);
    expect((await other.get(PATH)).body.connected).toBe(false);

    expect((await api.delete(PATH)).body.connected).toBe(false);
    // A round trip without being signed in goes to the sign-in.
    expect((await new ApiClient(url).get('/canales/mercadolibre/conectar')).status).toBe(302);
  });

  it('refreshes once for two callers at once, and asks to reconnect once the grant is gone', async () => {
    const api = new ApiClient(url);
    await api.register();
    // Tokens that end in a second: the next calls must refresh.
    await fetch(`${ml}/__debug/expires-in?s=1`);
    await connect(api);
    await fetch(`${ml}/__debug/expires-in?s=21600`);
    await new Promise((r) => setTimeout(r, 1200));
    const before = (await stats()).refresh_token;
    const [a, b] = await Promise.all([api.post(`${PATH}check/`), api.post(`${PATH}check/`)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.problems).toEqual([]);
    expect(b.body.problems).toEqual([]);
    expect((await stats()).refresh_token - before).toBe(1);

    // Revoked at Mercado Libre: the channel says so, and keeps the account to reconnect.
    await fetch(`${ml}/__debug/expires-in?s=1`);
    await connect(api);
    await fetch(`${ml}/__debug/expires-in?s=21600`);
    await fetch(`${ml}/__debug/revoke`);
    await new Promise((r) => setTimeout(r, 1200));
    const gone = (await api.post(`${PATH}check/`)).body;
    expect(gone).toMatchObject({
      connected: true,
      problems: ['Vuelve a conectar tu cuenta: Mercado Libre ya no acepta el permiso que diste.'],
    });
    // The one Mercado Libre account of the local peer, free for the next shop.
    await api.delete(PATH);
  });
});

describe.each(servers)('Mercado Libre listings on $kind', ({ url }) => {
  it('proposes links by GTIN, SKU and name, and keeps the ones the seller confirms', async () => {
    // The listings as Mercado Libre starts with them (another engine's run changed them).
    await fetch(`${ml}/__debug/reset-items`);
    const api = new ApiClient(url);
    const { token } = await api.register();
    const as = { token };
    // Not connected yet: nothing to read.
    expect((await api.get(`${PATH}links/`, as)).status).toBe(409);
    const taza = (
      await api.post(
        '/api/products/',
        { name: 'Taza', price: 12990, published: true, gtin: '7801234567894', stock: 4 },
        as,
      )
    ).body;
    const polera = (await api.post('/api/products/', POLERA, as)).body;
    const [m, l] = polera.variants as { id: number }[];
    await connect(api);

    const { listings } = (await api.get(`${PATH}links/`, as)).body;
    // The closed listing is not there; the one with sizes is one line per variation.
    expect(listings).toEqual([
      {
        item_id: 'MLC1000000001',
        variation_id: null,
        title: 'Taza de greda esmaltada',
        variation_name: null,
        available_quantity: 5,
        linked: null,
        proposed: { product: taza.id, variant: null, by: 'gtin' },
      },
      {
        item_id: 'MLC1000000002',
        variation_id: '180001',
        title: 'Polera de algodón orgánico',
        variation_name: 'M',
        available_quantity: 3,
        linked: null,
        proposed: { product: polera.id, variant: m!.id, by: 'sku' },
      },
      {
        item_id: 'MLC1000000002',
        variation_id: '180002',
        title: 'Polera de algodón orgánico',
        variation_name: 'L',
        available_quantity: 4,
        linked: null,
        proposed: { product: polera.id, variant: l!.id, by: 'nombre' },
      },
    ]);

    // A variation to a product without options: refused, nothing saved.
    const wrong = await api.put(
      `${PATH}links/`,
      { links: [{ item_id: 'MLC1000000002', variation_id: '180001', product: taza.id }] },
      as,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Elige la variante de «Taza» que corresponde a M.');
    const saved = await api.put(
      `${PATH}links/`,
      {
        links: [
          { item_id: 'MLC1000000001', product: taza.id },
          { item_id: 'MLC1000000002', variation_id: '180001', product: polera.id, variant: m!.id },
          { item_id: 'MLC1000000002', variation_id: '180002', product: polera.id, variant: l!.id },
        ],
      },
      as,
    );
    expect(saved.status).toBe(200);
    expect(saved.body.listings.map((x: { linked: unknown }) => x.linked)).toEqual([
      { product: taza.id, variant: null },
      { product: polera.id, variant: m!.id },
      { product: polera.id, variant: l!.id },
    ]);
    // One stock: Mercado Libre shows Impulsa's at once, and a sale here lowers it there.
    const listed = async () =>
      ((await (await fetch(`${ml}/__debug/items`)).json()) as MlItem[]).filter((i) =>
        ['MLC1000000001', 'MLC1000000002'].includes(i.id),
      );
    const quantities = (items: MlItem[]) =>
      items.flatMap((i) =>
        i.variations.length
          ? i.variations.map((v) => v.available_quantity)
          : [i.available_quantity],
      );
    expect(
      quantities(await until(listed, (items) => quantities(items).join() === '4,2,6')),
    ).toEqual([4, 2, 6]);
    await api.patch(
      '/api/store/',
      { ...SELLER_IDENTITY, transfer_details: 'Banco 1', version: 0 },
      as,
    );
    const sold = await new ApiClient(url).post('/api/orders/', {
      items: [{ product: taza.id, quantity: 1 }],
      buyer: { name: 'Camila Soto', email: uniqueEmail('ml'), phone: '9 8765 4321' },
      delivery: { method: 'retiro' },
      payment_method: 'transferencia',
    });
    expect(sold.status).toBe(201);
    expect(
      quantities(await until(listed, (items) => quantities(items).join() === '3,2,6')),
    ).toEqual([3, 2, 6]);

    // Another seller's product, or a listing that is not hers: refused.
    const other = new ApiClient(url);
    const theirs = (
      await other.post(
        '/api/products/',
        { name: 'Ajeno', price: 1000 },
        { token: (await other.register()).token },
      )
    ).body;
    const foreign = await api.put(
      `${PATH}links/`,
      { links: [{ item_id: 'MLC1000000001', product: theirs.id }] },
      as,
    );
    expect(foreign.body.message).toBe('Ese producto no existe en tu tienda.');
    const closed = await api.put(
      `${PATH}links/`,
      { links: [{ item_id: 'MLC1000000003', product: taza.id }] },
      as,
    );
    expect(closed.body.message).toBe(
      'La publicación MLC1000000003 no está activa en tu cuenta de Mercado Libre.',
    );
    expect((await api.put(`${PATH}links/`, { links: 'todo' }, as)).status).toBe(400);
  });
});
