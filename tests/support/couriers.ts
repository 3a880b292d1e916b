/** A shop that ships by courier, for the API tests of issue 65. */
import { ApiClient, uniqueEmail } from './http';
import { CHILEXPRESS_COVERAGE_KEY, CHILEXPRESS_RATING_KEY } from './chilexpress';
import { SHIPIT_EMAIL, SHIPIT_TOKEN } from './shipit';
import { STARKEN_TOKEN } from './starken';
import { openShop } from './shop';

export const SANTIAGO = '13101';
export const NUNOA = '13120';

/** Each local courier's account, as a seller would type it. */
const ACCOUNTS = {
  shipit: { email: SHIPIT_EMAIL, token: SHIPIT_TOKEN },
  starken: { token: STARKEN_TOKEN },
  chilexpress: { rating_key: CHILEXPRESS_RATING_KEY, coverage_key: CHILEXPRESS_COVERAGE_KEY },
};

/** The courier's price for a route, as a checkout would show it: read from the refusal of a wrong one. */
export async function quotedPrice(
  order: (delivery: Record<string, unknown>) => Promise<{ status: number; body: any }>,
  comuna: string,
  option: string,
): Promise<number> {
  const refused = await order({ comuna, option: `${option}:1` });
  const message = String(refused.body.errors?.['delivery.comuna']?.[0] ?? '');
  const price = /cuesta \$([\d.]+)/.exec(message)?.[1];
  if (!price) throw new Error(`no price for ${option}: ${JSON.stringify(refused.body)}`);
  return Number(price.replace(/\./g, ''));
}

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
  /** Connects these couriers (Shipit by default) and sets Santiago as the shop's origin. */
  const connect = async (
    couriers: readonly ('shipit' | 'starken' | 'chilexpress')[] = ['shipit'],
  ) => {
    for (const courier of couriers)
      await api.put(`/api/store/shipping/${courier}/`, { ...ACCOUNTS[courier], version: 0 }, as);
    const { version } = (await api.get('/api/store/shipping/', as)).body;
    return api.put('/api/store/shipping/', { ship_from: SANTIAGO, version }, as);
  };
  return { api, as, order, connect, product };
}
