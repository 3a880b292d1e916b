/**
 * Paying by card an order that waits for a transfer (issue 51), on PGlite and PostgreSQL: the
 * receipt of an order the seller took offers the shop's verified card providers; a press opens
 * one payment (a second press the same one); a payment that does not happen sends the order back
 * to waiting for the transfer with its stock held; one that happens pays it once.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { atFlow, flowPayment, flowShop, flowToken } from '../../support/flow-buyer';
import { until } from '../../support/until';
import { postForm, uniqueEmail } from '../../support/http';
import { WEBPAY_API_KEY, WEBPAY_COMMERCE_CODE } from '../../support/webpay';
import { webpayBuyer } from '../../support/webpay-buyer';
import { claimServers } from '../../support/claims';

const servers = claimServers();
const flowUrl = inject('flowUrl');
const webpayUrl = inject('webpayUrl');
const PAY = '?_action=receipt.payByCard';

describe.each(servers)('a receipt paid by card on $kind', ({ url }) => {
  let shop: Awaited<ReturnType<typeof flowShop>>;
  let productId: number;
  const stock = async () =>
    (await shop.api.get(`/api/products/${productId}/`, shop.as)).body.stock as number;
  /** An order the seller took in a chat: it waits for a transfer. */
  const taken = async () =>
    (
      await shop.api.post(
        '/api/orders/manual/',
        {
          items: [{ product: productId, quantity: 1 }],
          buyer: { name: 'Camila Soto', email: uniqueEmail('camila'), phone: '9 8765 4321' },
          delivery: { method: 'retiro' },
        },
        shop.as,
      )
    ).body as { order: { id: number; number: string }; receipt_url: string };
  const press = (receipt: string, metodo: string) =>
    postForm(url, new URL(receipt).pathname + PAY, {
      pedido: new URL(receipt).pathname.split('/').pop()!,
      metodo,
    });
  /** The browser's POST back from Flow, then the GET on our host; where it lands. */
  const backFromFlow = async (back: { url: string; token: string }) => {
    const posted = await fetch(back.url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: back.token }),
    });
    return fetch(new URL(posted.headers.get('location')!, back.url), { redirect: 'manual' });
  };

  beforeAll(async () => {
    shop = await flowShop(url);
    const store = (await shop.api.get('/api/store/', shop.as)).body;
    const webpay = await shop.api.put(
      '/api/store/webpay/',
      {
        commerce_code: WEBPAY_COMMERCE_CODE,
        api_key: WEBPAY_API_KEY,
        environment: 'integration',
        version: store.version,
      },
      shop.as,
    );
    expect(webpay.body.check).toBe('ok');
    productId = (await shop.product({ name: 'Jarro de greda', price: 15990, stock: 5 })).id;
  });

  it('offers the shop’s card providers beside the transfer details', async () => {
    const order = await taken();
    const html = await (await fetch(order.receipt_url)).text();
    expect(html).toContain('Paga $15.990 en línea');
    expect(html).toContain('name="metodo" value="webpay"');
    expect(html).toContain('name="metodo" value="flow"');
    expect(html).not.toContain('value="mercadopago"');
    expect(html).toContain('Banco Estado');
  });

  it('opens one Flow payment for two presses; cancelled there, the order waits for the transfer again', async () => {
    const order = await taken();
    const held = await stock();
    const first = await press(order.receipt_url, 'flow');
    expect(first.status).toBe(303);
    const payAt = first.headers.get('location')!;
    expect(payAt.startsWith(flowUrl)).toBe(true);
    expect((await press(order.receipt_url, 'flow')).headers.get('location')).toBe(payAt);
    expect(await shop.order(order.order.id)).toMatchObject({ payment_method: 'flow' });

    const landed = await backFromFlow(await atFlow(flowUrl, flowToken(payAt), 'cancel'));
    expect(landed.headers.get('location')).toBe(new URL(order.receipt_url).pathname);
    const back = await until(
      () => shop.order(order.order.id),
      (o) => o.payment_method === 'transferencia',
    );
    expect(back).toMatchObject({ status: 'pendiente_pago', payment_method: 'transferencia' });
    expect(await stock()).toBe(held);
    const html = await (await fetch(order.receipt_url)).text();
    expect(html).toContain('No se hizo ningún cargo');
    expect(html).toContain('name="metodo" value="flow"');

    // Tried again and paid: once, by Flow, and the card buttons are gone.
    const again = (await press(order.receipt_url, 'flow')).headers.get('location')!;
    expect(flowToken(again)).not.toBe(flowToken(payAt));
    await backFromFlow(await atFlow(flowUrl, flowToken(again), 'pay'));
    const paid = await until(
      () => shop.order(order.order.id),
      (o) => o.status === 'pagado',
    );
    expect(paid).toMatchObject({ status: 'pagado', payment_method: 'flow' });
    expect((await flowPayment(flowUrl, flowToken(again))).confirmations).toEqual([200]);
    expect(await stock()).toBe(held);
    expect(await (await fetch(order.receipt_url)).text()).not.toContain('name="metodo"');

    // Cancelled by the seller: Flow refunds that try, found by its own reference.
    const cancelled = await shop.api.patch(
      `/api/orders/${order.order.id}/`,
      { status: 'cancelado' },
      shop.as,
    );
    expect(cancelled.status).toBe(200);
    const refunded = await until(
      () => flowPayment(flowUrl, flowToken(again)),
      (p) => p.refunds.length > 0,
    );
    expect(refunded.refunds).toMatchObject([{ amount: 15990 }]);
  });

  it('shows Webpay’s button; declined or timed out the order waits again; approved, it is paid', async () => {
    const { atWebpay, backFromWebpay, webpayFormOf } = webpayBuyer(webpayUrl);
    const order = await taken();
    const pressed = await press(order.receipt_url, 'webpay');
    expect(pressed.status).toBe(303);
    expect(pressed.headers.get('location')).toBe(`${new URL(order.receipt_url).pathname}#pagar`);
    const form = await webpayFormOf(order.receipt_url);
    expect(form.action).toContain(webpayUrl);
    await backFromWebpay(await atWebpay(form.token!, 'reject'));
    expect(await shop.order(order.order.id)).toMatchObject({
      status: 'pendiente_pago',
      payment_method: 'transferencia',
    });
    expect(await (await fetch(order.receipt_url)).text()).toContain('Tu banco no autorizó el pago');

    // Time ran out at Webpay: its return names the try's own buy order, and the order waits again.
    await press(order.receipt_url, 'webpay');
    const second = await webpayFormOf(order.receipt_url);
    expect(second.token).not.toBe(form.token);
    const timedOut = await atWebpay(second.token!, 'timeout');
    expect(timedOut.form?.TBK_ORDEN_COMPRA).toMatch(/^[A-Z0-9]{8}-\d+$/);
    expect((await backFromWebpay(timedOut)).status).toBe(303);
    expect(await (await fetch(order.receipt_url)).text()).toContain(
      'Se acabó el tiempo para pagar en Webpay.',
    );

    await press(order.receipt_url, 'webpay');
    const third = await webpayFormOf(order.receipt_url);
    await backFromWebpay(await atWebpay(third.token!, 'approve'));
    expect(await shop.order(order.order.id)).toMatchObject({
      status: 'pagado',
      payment_method: 'webpay',
    });
  });

  it('refuses a paid order, a provider the shop lacks, a made-up method and an unknown link', async () => {
    const order = await taken();
    const lacking = await press(order.receipt_url, 'mercadopago');
    expect(lacking.status).toBe(400);
    expect(await lacking.text()).toContain('Esta tienda no recibe ese medio de pago.');
    const madeUp = await press(order.receipt_url, 'bitcoin');
    expect(madeUp.status).toBe(400);
    expect(await madeUp.text()).toContain('Elige cómo pagar.');
    expect(await shop.order(order.order.id)).toMatchObject({ payment_method: 'transferencia' });

    await shop.api.patch(`/api/orders/${order.order.id}/`, { status: 'pagado' }, shop.as);
    const paid = await press(order.receipt_url, 'flow');
    expect(paid.status).toBe(409);
    expect(await paid.text()).toContain('Este pedido ya no espera un pago.');

    const unknown = await postForm(url, `/pay/orden/${'x'.repeat(32)}${PAY}`, {
      pedido: 'x'.repeat(32),
      metodo: 'flow',
    });
    expect(unknown.status).toBe(404);
  });
});
