/** A buyer at the local Flow (`flow.ts`), and the seller's side of an order that pays there. */
import { ApiClient, uniqueEmail } from './http';
import { FLOW_API_KEY, FLOW_SECRET_KEY } from './flow';
import { PICKUP, setDelivery, SELLER_IDENTITY } from './shop';

/** A shop that sells with its own verified Flow account; `product` adds a published product. */
export async function flowShop(url: string) {
  const api = new ApiClient(url);
  const account = await api.register();
  const as = { token: account.token };
  await api.patch(
    '/api/store/',
    { ...SELLER_IDENTITY, name: 'Cerámica Rayén', transfer_details: 'Banco Estado', version: 0 },
    as,
  );
  await setDelivery(api, account.token, { pickup_points: [PICKUP] });
  const connected = await api.put(
    '/api/store/payments/flow/',
    { api_key: FLOW_API_KEY, secret_key: FLOW_SECRET_KEY, environment: 'sandbox', version: 0 },
    as,
  );
  if (connected.body.check !== 'ok')
    throw new Error(`flow not verified: ${JSON.stringify(connected.body)}`);
  const product = async (body: Record<string, unknown>) =>
    (await api.post('/api/products/', { published: true, ...body }, as)).body;
  const order = async (id: number) => (await api.get(`/api/orders/${id}/`, as)).body;
  return { api, as, account, product, order };
}

/** Places a Flow order for `quantity` of `product`, as a buyer with their own address. */
export function placeFlowOrder(url: string, product: number, quantity = 1) {
  return new ApiClient(url).post('/api/orders/', {
    buyer: { name: 'Camila Soto', email: uniqueEmail('camila'), phone: '9 8765 4321' },
    delivery: { method: 'retiro' },
    payment_method: 'flow',
    items: [{ product, quantity }],
  });
}

/** The token in a Flow payment URL. */
export const flowToken = (paymentUrl: string) => new URL(paymentUrl).searchParams.get('token')!;

/**
 * The buyer presses «Pagar», «Rechazar» or «Anular» on Flow's page; Flow notifies the shop and
 * sends the browser back by POST. Returns that POST's target and form.
 */
export async function atFlow(flowUrl: string, token: string, action: 'pay' | 'reject' | 'cancel') {
  const res = await fetch(`${flowUrl}/app/web/decide`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, action }),
  });
  const html = await res.text();
  return { url: /action="([^"]+)"/.exec(html)![1]!, token };
}

/** What Flow knows of a payment: its status, the shop's answers to each confirmation, refunds. */
export async function flowPayment(flowUrl: string, token: string) {
  return (await (await fetch(`${flowUrl}/__debug/payments/${token}`)).json()) as {
    status: number;
    confirmations: number[];
    refunds: { status: string; amount: number }[];
  };
}

/** Sets a payment's status at Flow; `notify` also tells the shop (false: a lost notification). */
export async function setAtFlow(flowUrl: string, token: string, status: number, notify: boolean) {
  await fetch(`${flowUrl}/__debug/set`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, status: String(status), notify: notify ? '1' : '0' }),
  });
}
