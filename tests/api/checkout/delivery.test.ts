/**
 * Delivery by zone, on PGlite and PostgreSQL: the seller's rates per region and comuna, the
 * free-shipping threshold and the pickup points (`/api/store/delivery/`, versions, Spanish
 * messages), and orders priced by them on the server, with the estimate, the chosen pickup point
 * and the buyer's note kept with the order.
 */
import { describe, expect, it } from 'vitest';
import { ApiClient, uniqueEmail } from '../../support/http';
import { PICKUP, SELLER_IDENTITY } from '../../support/shop';
import { claimServers } from '../../support/claims';

const servers = claimServers();

const NUNOA = '13120';
const PROVIDENCIA = '13123';
const VALPARAISO = '05101';
const SECOND_POINT = { name: 'Feria Pajaritos', address: 'Pajaritos 3000, Maipú', hours: '' };

async function shop(url: string) {
  const api = new ApiClient(url);
  const { token } = await api.register();
  const as = { token };
  await api.patch(
    '/api/store/',
    { ...SELLER_IDENTITY, name: 'Greda del Sur', transfer_details: 'Banco 1', version: 0 },
    as,
  );
  const product = (
    await api.post('/api/products/', { name: 'Taza', price: 10000, published: true }, as)
  ).body;
  const order = (delivery: Record<string, unknown>, quantity = 1, notes?: string) =>
    new ApiClient(url).post('/api/orders/', {
      items: [{ product: product.id, quantity }],
      buyer: { name: 'Camila Soto', email: uniqueEmail('camila'), phone: '9 8765 4321' },
      delivery,
      payment_method: 'transferencia',
      ...(notes ? { notes } : {}),
    });
  return { api, as, order };
}

describe.each(servers)('delivery by zone on $kind', ({ url }) => {
  it('saves rates per region and comuna with versions; bad input is a Spanish 400', async () => {
    const { api, as } = await shop(url);
    const empty = await api.get('/api/store/delivery/', as);
    expect(empty.body).toEqual({
      rest: { price: null, days: null },
      regions: {},
      comunas: [],
      free_from: null,
      pickup_points: [],
      version: 1,
    });
    expect((await new ApiClient(url).get('/api/store/delivery/')).status).toBe(401);

    const bad = await api.put(
      '/api/store/delivery/',
      {
        rest: { price: '3.990', days: 'pronto' },
        regions: { '13': { price: -1 }, '99': { price: 100 } },
        comunas: [
          { comuna: NUNOA, price: 0 },
          { comuna: NUNOA, price: 100 },
          { comuna: 'Ñuñoa', price: 100 },
        ],
        pickup_points: [{ name: '', address: 'x' }],
        version: 1,
      },
      as,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      'rest.days': ['Escribe los días hábiles como 3 o 2 a 4.'],
      'regions.13.price': ['El costo de despacho no puede ser negativo.'],
      'comunas.1.comuna': ['Esa comuna ya tiene su costo más arriba.'],
      'comunas.2.comuna': ['Elige una comuna de la lista.'],
      'pickup_points.0.name': ['Escribe el nombre del punto de retiro.'],
    });
    expect(JSON.stringify(bad.body)).not.toMatch(/Invalid|expected/);

    const settings = {
      rest: { price: '6.990', days: '3 a 5' },
      regions: { '13': { price: 2990, days: '1-2' } },
      comunas: [{ comuna: PROVIDENCIA, price: 0, days: '1' }],
      free_from: '30.000',
      pickup_points: [PICKUP, SECOND_POINT],
    };
    const saved = await api.put('/api/store/delivery/', { ...settings, version: 1 }, as);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      rest: { price: 6990, days: { min: 3, max: 5 } },
      regions: { '13': { price: 2990, days: { min: 1, max: 2 } } },
      comunas: [{ comuna: PROVIDENCIA, price: 0, days: { min: 1, max: 1 } }],
      free_from: 30000,
      pickup_points: [PICKUP, SECOND_POINT],
      version: 2,
    });
    const stale = await api.put('/api/store/delivery/', { ...settings, version: 1 }, as);
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ free_from: 30000, version: 2 });
    // The store's other settings share the version: a stale PATCH there is a 409 too.
    expect((await api.patch('/api/store/', { name: 'Otra', version: 1 }, as)).status).toBe(409);
  });

  it('prices each order by its comuna, region or the rest of Chile, free above the threshold', async () => {
    const { api, as, order } = await shop(url);
    const put = async (body: Record<string, unknown>) => {
      const { version } = (await api.get('/api/store/delivery/', as)).body;
      expect((await api.put('/api/store/delivery/', { ...body, version }, as)).status).toBe(200);
    };
    await put({
      rest: { price: 6990, days: '3 a 5' },
      regions: { '13': { price: 2990, days: '1 a 2' } },
      comunas: [{ comuna: PROVIDENCIA, price: 0 }],
      free_from: 30000,
      pickup_points: [PICKUP, SECOND_POINT],
    });
    /** The seller's view of a placed order (the 201 carries only its number and total). */
    const detail = async (res: { status: number; body: { id: number } }) => {
      expect(res.status).toBe(201);
      return (await api.get(`/api/orders/${res.body.id}/`, as)).body;
    };
    const to = (comuna: string, quantity = 1) =>
      order({ method: 'despacho', address: 'Los Aromos 55', comuna }, quantity);

    const region = await detail(await to(NUNOA));
    expect(region).toMatchObject({
      total: 12990,
      delivery: { price: 2990, comuna_name: 'Ñuñoa', estimate: '1 a 2 días hábiles' },
    });
    expect(await detail(await to(PROVIDENCIA))).toMatchObject({
      total: 10000,
      delivery: { price: 0 },
    });
    expect(await detail(await to(VALPARAISO))).toMatchObject({
      total: 16990,
      delivery: { price: 6990, estimate: '3 a 5 días hábiles' },
    });
    expect(await detail(await to(VALPARAISO, 3))).toMatchObject({
      total: 30000,
      delivery: { price: 0 },
    });
    const noComuna = await order({ method: 'despacho', address: 'Los Aromos 55' });
    expect(noComuna.status).toBe(400);
    expect(noComuna.body.errors['delivery.comuna']).toEqual(['Elige la comuna de despacho.']);

    // Pickup at the second point, with a note for the shop.
    const pickup = await detail(
      await order({ method: 'retiro', pickup_point: 1 }, 1, 'Es para regalo'),
    );
    expect(pickup).toMatchObject({
      total: 10000,
      delivery: { method: 'retiro', price: 0, pickup_point: SECOND_POINT },
      notes: 'Es para regalo',
    });
    const nowhere = await order({ method: 'retiro', pickup_point: 4 });
    expect(nowhere.body.errors['delivery.pickup_point']).toEqual([
      'Elige un punto de retiro de la lista.',
    ]);

    // Only the metropolitan region: the rest of Chile is refused, by name.
    await put({ regions: { '13': { price: 2990 } } });
    const far = await to(VALPARAISO);
    expect(far.status).toBe(400);
    expect(far.body.errors['delivery.comuna']).toEqual([
      'No hay despacho a Valparaíso: elige retiro u otra comuna.',
    ]);
    // No delivery at all: only pickup.
    await put({});
    expect((await to(NUNOA)).body.errors['delivery.method']).toEqual([
      'Esta tienda no hace despachos: elige retiro.',
    ]);
    // An order keeps the price, estimate and point it was placed with.
    const kept = (await api.get(`/api/orders/${region.id}/`, as)).body;
    expect(kept.delivery).toMatchObject({ price: 2990, estimate: '1 a 2 días hábiles' });
  });
});
