/**
 * Courier prices at checkout (issue 65): a shop with Shipit and an origin comuna sells with the
 * courier the buyer chose, at the courier's price for the order's parcel; a price that changed since
 * the page showed it is said before anything is placed; a route nobody serves is refused, never
 * priced by a made-up rate; a courier that hangs is cut at 3 s and noted for the seller.
 */
import { describe, expect, inject, it } from 'vitest';
import { claimServers } from '../../support/claims';
import { courierShop, NUNOA, SANTIAGO } from '../../support/couriers';
import { ApiClient } from '../../support/http';
import { setDelivery } from '../../support/shop';

const servers = claimServers();
const shipit = inject('shipitUrl');
const ISLA_DE_PASCUA = '05201';
const ANTARTICA = '12202';

describe.each(servers)('courier quotes on $kind', ({ url }) => {
  it('sells with the courier the buyer chose, at its price, and says a changed one', async () => {
    const { api, as, order, connect } = await courierShop(url);
    // No courier yet: a courier option is not there to choose.
    const before = await order({ comuna: NUNOA, option: 'shipit:starken:5790' });
    expect(before.status).toBe(400);
    expect(before.body.errors['delivery.option']).toEqual([
      'Esa forma de despacho ya no está disponible para Ñuñoa: elige otra.',
    ]);

    const origin = await connect();
    expect(origin.status).toBe(200);
    expect(origin.body).toMatchObject({ ship_from: SANTIAGO, parcel: null });

    // 500 g in the default 30 × 20 × 10 box: 1,5 kg by volume, so Starken bills 2 kg.
    const placed = await order({ comuna: NUNOA, option: 'shipit:starken:5790' });
    expect(placed.status).toBe(201);
    const sold = (await api.get(`/api/orders/${placed.body.id}/`, as)).body;
    expect(sold.delivery).toMatchObject({
      price: 5790,
      estimate: '2 días hábiles',
      courier: { provider: 'shipit', courier: 'starken', name: 'Starken' },
    });
    expect(placed.body.total).toBe(12990 + 5790);

    // The page showed another price: said before anything is placed.
    const changed = await order({ comuna: NUNOA, option: 'shipit:starken:4990' });
    expect(changed.status).toBe(400);
    expect(changed.body.errors['delivery.comuna']).toEqual([
      'El despacho a Ñuñoa cuesta $5.790: revisa el total y confirma tu pedido.',
    ]);
    // A shop with couriers and no zone rates asks which courier.
    const none = await order({ comuna: NUNOA });
    expect(none.body.errors['delivery.option']).toEqual(['Elige con qué courier despachar.']);

    // A route no courier serves: refused, no price made up.
    await fetch(`${shipit}/__debug/no-service?comuna=ISLA%20DE%20PASCUA`);
    const nowhere = await order({ comuna: ISLA_DE_PASCUA, option: 'shipit:starken' });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.errors['delivery.option']).toEqual([
      'Esa forma de despacho ya no está disponible para Isla de Pascua: elige otra.',
    ]);
    expect((await api.get('/api/store/shipping/shipit/', as)).body.quote_failed_at).toBeNull();
  });

  it('cuts a courier that hangs at 3 s, keeps the zone rates, and tells the seller', async () => {
    const { api, as, order, connect } = await courierShop(url);
    await connect();
    await setDelivery(api, as.token, { rest: { price: 4990, days: '3 a 5' } });
    await fetch(`${shipit}/__debug/hang?comuna=ANTARTICA&ms=10000`);
    const started = Date.now();
    const hung = await order({ comuna: ANTARTICA, option: 'shipit:starken' });
    // Cut at 3 s (not the courier's 10): generous for a loaded machine, far below the hang.
    expect(Date.now() - started).toBeLessThan(8000);
    expect(hung.body.errors['delivery.option']).toEqual([
      'Esa forma de despacho ya no está disponible para Antártica: elige otra.',
    ]);
    // Silent a moment ago: the next buyer is not made to wait again, for a minute.
    const again = Date.now();
    const skipped = await order({ comuna: ANTARTICA, option: 'shipit:starken' });
    expect(Date.now() - again).toBeLessThan(2000);
    expect(skipped.status).toBe(400);
    const zone = await order({ comuna: ANTARTICA, option: 'tienda:4990' });
    expect(zone.status).toBe(201);
    const sold = (await api.get(`/api/orders/${zone.body.id}/`, as)).body;
    expect(sold.delivery).toMatchObject({ price: 4990, courier: null });
    const account = (await api.get('/api/store/shipping/shipit/', as)).body;
    expect(account.quote_failed_at).not.toBeNull();
  });

  it('keeps a default box only whole, and another shop reads its own origin', async () => {
    const { api, as } = await courierShop(url);
    const { version } = (await api.get('/api/store/shipping/', as)).body;
    const half = await api.put('/api/store/shipping/', { weight_g: 800, version }, as);
    expect(half.status).toBe(400);
    expect(half.body.errors.length_cm).toEqual([
      'Completa el peso y las tres medidas de tu caja, o deja las cuatro vacías.',
    ]);
    const box = { weight_g: 800, length_cm: 25, width_cm: 20, height_cm: 15 };
    const saved = await api.put('/api/store/shipping/', { ...box, ship_from: NUNOA, version }, as);
    expect(saved.body).toMatchObject({ ship_from: NUNOA, parcel: box });
    const stale = await api.put('/api/store/shipping/', { ship_from: SANTIAGO, version }, as);
    expect(stale.status).toBe(409);
    const other = new ApiClient(url);
    const { token } = await other.register();
    expect((await other.get('/api/store/shipping/', { token })).body).toEqual({
      ship_from: null,
      parcel: null,
      version: 0,
    });
    const wrong = await api.put('/api/store/shipping/', { ship_from: '99999', version: 99 }, as);
    expect(wrong.body.errors.ship_from).toEqual(['Elige una comuna de la lista.']);
  });
});
