/** A shop selling with Mercado Pago, and a buyer at the local Mercado Pago (`mercadopago.ts`). */
import { ApiClient, uniqueEmail } from './http';
import { MP_ACCESS_TOKEN, MP_WEBHOOK_SECRET } from './mercadopago';
import { PICKUP, setDelivery, SELLER_IDENTITY } from './shop';

/** A shop that sells with its own verified Mercado Pago account. */
export async function mercadoPagoShop(url: string) {
  const api = new ApiClient(url);
  const account = await api.register();
  const as = { token: account.token };
  await api.patch('/api/store/', { ...SELLER_IDENTITY, name: 'Telar Andino', version: 0 }, as);
  await setDelivery(api, account.token, { pickup_points: [PICKUP] });
  const connected = await api.put(
    '/api/store/payments/mercadopago/',
    { access_token: MP_ACCESS_TOKEN, webhook_secret: MP_WEBHOOK_SECRET, version: 0 },
    as,
  );
  if (connected.body.check !== 'ok')
    throw new Error(`mercado pago not verified: ${JSON.stringify(connected.body)}`);
  const product = async (body: Record<string, unknown>) =>
    (await api.post('/api/products/', { published: true, ...body }, as)).body;
  const order = async (id: number) => (await api.get(`/api/orders/${id}/`, as)).body;
  return { api, as, account, product, order };
}

export function placeMercadoPagoOrder(url: string, product: number, quantity = 1) {
  return new ApiClient(url).post('/api/orders/', {
    buyer: { name: 'Javiera Díaz', email: uniqueEmail('javiera'), phone: '9 5555 4444' },
    delivery: { method: 'retiro' },
    payment_method: 'mercadopago',
    items: [{ product, quantity }],
  });
}

/** The buyer decides on Mercado Pago's page; returns where the browser is sent back (GET). */
export async function atMercadoPago(
  mpUrl: string,
  paymentUrl: string,
  action: 'approved' | 'rejected' | 'pending',
  /** False: Mercado Pago's webhook for it is lost. */
  notify = true,
): Promise<string> {
  const prefId = new URL(paymentUrl).searchParams.get('pref_id')!;
  const res = await fetch(`${mpUrl}/checkout/v1/decide`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ pref_id: prefId, action, notify: notify ? '1' : '0' }),
  });
  return res.headers.get('location')!;
}

/** What Mercado Pago knows of an order's payments (by our order's number). */
export async function mercadoPagoPayments(mpUrl: string, number: string) {
  return (await (await fetch(`${mpUrl}/__debug/by-reference/${number}`)).json()) as {
    id: number;
    status: string;
    webhooks: number[];
    refunds: { amount: number }[];
  }[];
}
