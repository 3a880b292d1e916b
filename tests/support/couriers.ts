/** A shop that ships by courier, for the API tests of issue 65. */
import { ApiClient, uniqueEmail } from './http';
import { SHIPIT_EMAIL, SHIPIT_TOKEN } from './shipit';
import { openShop } from './shop';

export const SANTIAGO = '13101';
export const NUNOA = '13120';

/** A shop with a 500 g mug (default box); `connect()` adds Shipit and Santiago as its origin. */
export async function courierShop(url: string) {
  const api = new ApiClient(url);
  const { token } = await api.register();
  const as = { token };
  const { product } = await openShop(api, token, { product: { weight_g: 500 } });
  const order = (delivery: Record<string, unknown>, email = uniqueEmail('camila')) =>
    new ApiClient(url).post('/api/orders/', {
      items: [{ product: product.id, quantity: 1 }],
      buyer: { name: 'Camila Soto', email, phone: '9 8765 4321' },
      delivery: { method: 'despacho', address: 'Av. Irarrázaval 3456, depto 12', ...delivery },
      payment_method: 'transferencia',
    });
  const connect = async () => {
    await api.put(
      '/api/store/shipping/shipit/',
      { email: SHIPIT_EMAIL, token: SHIPIT_TOKEN, version: 0 },
      as,
    );
    const { version } = (await api.get('/api/store/shipping/', as)).body;
    return api.put('/api/store/shipping/', { ship_from: SANTIAGO, version }, as);
  };
  return { api, as, order, connect, product };
}
