/**
 * Money moves only from a claimed state (issue 62): two «Cancelar» at once, and «Cancelar» against
 * every other move of a paid order, on each card provider. The move is decided under the row's
 * lock and the refund is one keyed job, so each local provider sees exactly one refund for each
 * order that ends cancelled and none for one that goes on; the loser answers 409 with the order
 * as it now is.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { atFlow, flowPayment, flowShop, flowToken, setAtFlow } from '../../support/flow-buyer';
import { until } from '../../support/until';
import { ApiClient, uniqueEmail } from '../../support/http';
import {
  atMercadoPago,
  mercadoPagoPayments,
  mercadoPagoShop,
} from '../../support/mercadopago-buyer';
import { PICKUP, setDelivery, SELLER_IDENTITY } from '../../support/shop';
import { WEBPAY_API_KEY, WEBPAY_COMMERCE_CODE } from '../../support/webpay';
import { webpayBuyer } from '../../support/webpay-buyer';
import { claimServers } from '../../support/claims';

const servers = claimServers({ bothEngines: true });
const flowUrl = inject('flowUrl');
const mpUrl = inject('mercadopagoUrl');
const webpayUrl = inject('webpayUrl');

const RACES = 20;
type Shop = Awaited<ReturnType<typeof flowShop>>;

async function webpayShop(url: string): Promise<Shop> {
  const api = new ApiClient(url);
  const account = await api.register();
  const as = { token: account.token };
  const saved = await api.patch(
    '/api/store/',
    { ...SELLER_IDENTITY, name: 'Pan del Puerto', version: 0 },
    as,
  );
  await api.put(
    '/api/store/webpay/',
    {
      commerce_code: WEBPAY_COMMERCE_CODE,
      api_key: WEBPAY_API_KEY,
      environment: 'integration',
      version: saved.body.version,
    },
    as,
  );
  await setDelivery(api, account.token, { pickup_points: [PICKUP] });
  const product = async (body: Record<string, unknown>) =>
    (await api.post('/api/products/', { published: true, ...body }, as)).body;
  const order = async (id: number) => (await api.get(`/api/orders/${id}/`, as)).body;
  return { api, as, account, product, order };
}

/** One provider: how its shop is made, how a buyer pays, and how many refunds it has given. */
interface Provider {
  name: 'webpay' | 'flow' | 'mercadopago';
  shop(url: string): Promise<Shop>;
  /** Places and pays an order; the handle `refunds` reads. */
  pay(url: string, product: number): Promise<{ id: number; handle: string }>;
  refunds(handle: string): Promise<number>;
}

const place = (url: string, product: number, method: Provider['name']) =>
  new ApiClient(url).post('/api/orders/', {
    buyer: { name: 'Camila Soto', email: uniqueEmail('camila'), phone: '9 8765 4321' },
    delivery: { method: 'retiro' },
    payment_method: method,
    items: [{ product, quantity: 1 }],
  });

const { atWebpay, backFromWebpay, webpayFormOf } = webpayBuyer(webpayUrl);

const PROVIDERS: Provider[] = [
  {
    name: 'webpay',
    shop: webpayShop,
    async pay(url, product) {
      const placed = await place(url, product, 'webpay');
      const { token } = await webpayFormOf(placed.body.receipt_url);
      await backFromWebpay(await atWebpay(token!, 'approve'));
      return { id: placed.body.id, handle: token! };
    },
    async refunds(token) {
      const tx = await (await fetch(`${webpayUrl}/__debug/transactions/${token}`)).json();
      return tx.refunds;
    },
  },
  {
    name: 'flow',
    shop: flowShop,
    async pay(url, product) {
      const placed = await place(url, product, 'flow');
      const token = flowToken(placed.body.payment_url);
      await atFlow(flowUrl, token, 'pay');
      return { id: placed.body.id, handle: token };
    },
    refunds: async (token) => (await flowPayment(flowUrl, token)).refunds.length,
  },
  {
    name: 'mercadopago',
    shop: mercadoPagoShop,
    async pay(url, product) {
      const placed = await place(url, product, 'mercadopago');
      await atMercadoPago(mpUrl, placed.body.payment_url, 'approved');
      return { id: placed.body.id, handle: placed.body.number };
    },
    async refunds(number) {
      const payments = await mercadoPagoPayments(mpUrl, number);
      return payments.reduce((n, p) => n + p.refunds.length, 0);
    },
  },
];

/** The race of race `i`: both cancel, or cancel against the order's other move. */
const RIVALS = [
  { from: 'pagado', rival: 'cancelado' },
  { from: 'pagado', rival: 'preparando' },
  { from: 'preparando', rival: 'listo_retiro' },
] as const;

describe.each(servers)('refund races on $kind', ({ url }) => {
  describe.each(PROVIDERS)('$name', (provider) => {
    let shop: Shop;
    const orders: { id: number; handle: string; from: string; rival: string }[] = [];
    const answers: { id: number; status: number; body: any }[][] = [];

    beforeAll(async () => {
      shop = await provider.shop(url);
      const pan = await shop.product({ name: 'Pan amasado', price: 3490, stock: RACES + 5 });
      for (let i = 0; i < RACES; i++) {
        const paid = await provider.pay(url, pan.id);
        const { from, rival } = RIVALS[i % RIVALS.length]!;
        const ready = await until(
          () => shop.order(paid.id),
          (o) => o.status === 'pagado',
        );
        expect(ready.status).toBe('pagado');
        if (from === 'preparando')
          expect(
            (await shop.api.patch(`/api/orders/${paid.id}/`, { status: 'preparando' }, shop.as))
              .body,
          ).toMatchObject({ status: 'preparando' });
        orders.push({ ...paid, from, rival });
      }
    }, 120_000);

    it(`${RACES} races: the loser is a 409 with the order as it is now`, async () => {
      for (const order of orders) {
        const move = (status: string) =>
          shop.api.patch(`/api/orders/${order.id}/`, { status }, shop.as);
        const pair = await Promise.all([move('cancelado'), move(order.rival)]);
        answers.push(pair.map((r) => ({ id: order.id, status: r.status, body: r.body })));
        const final = await shop.order(order.id);
        for (const answer of pair) {
          expect(
            [200, 409],
            JSON.stringify([order, pair.map((r) => [r.status, r.body])]),
          ).toContain(answer.status);
          if (answer.status === 409) {
            // Concurrent on PostgreSQL; one after the other on PGlite's single connection.
            expect(answer.body.message).toContain('Esta orden cambió mientras tanto');
            expect(answer.body.current.status).toBe(final.status);
          }
        }
        // One of the two moves always took place.
        expect(pair.some((r) => r.status === 200)).toBe(true);
      }
    });

    it('each cancelled order is refunded once at the provider, every other order never', async () => {
      for (const order of orders) {
        const final = await shop.order(order.id);
        if (final.status === 'cancelado') {
          const done = await until(
            () => shop.order(order.id),
            (o) => o.refund !== null,
          );
          expect(done.refund, `order ${order.id}`).not.toBeNull();
          expect(done.refund_due).toBe(false);
          expect(await provider.refunds(order.handle), `order ${order.id}`).toBe(1);
        } else {
          expect(['preparando', 'listo_retiro']).toContain(final.status);
          expect(await provider.refunds(order.handle), `order ${order.id}`).toBe(0);
        }
      }
    });
  });
});

describe.each(servers)('a refund the provider refuses on $kind', ({ url }) => {
  it('leaves the order cancelled, marked refund due, and tells the seller what to do', async () => {
    const shop = await flowShop(url);
    const pan = await shop.product({ name: 'Pan de masa madre', price: 4990, stock: 3 });
    const paid = await PROVIDERS[1]!.pay(url, pan.id);
    await until(
      () => shop.order(paid.id),
      (o) => o.status === 'pagado',
    );
    // Flow no longer holds the payment as paid (a chargeback, say): it refuses the refund.
    await setAtFlow(flowUrl, paid.handle, 4, false);
    const cancelled = await shop.api.patch(
      `/api/orders/${paid.id}/`,
      { status: 'cancelado' },
      shop.as,
    );
    expect(cancelled.body).toMatchObject({ status: 'cancelado', refund_due: false });
    const owed = await until(
      () => shop.order(paid.id),
      (o) => o.refund_due,
    );
    expect(owed).toMatchObject({
      status: 'cancelado',
      refund_due: true,
      refund: { state: 'refused' },
    });
    expect(owed.reason).toContain('te devolverá el pago directamente');
    expect(owed.timeline.at(-1).note).toContain('Flow no aceptó el reembolso');
    expect((await flowPayment(flowUrl, paid.handle)).refunds).toHaveLength(0);
  });
});
