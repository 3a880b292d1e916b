/**
 * Mercado Pago Checkout Pro beside Webpay and Flow (issue 50): a shop connects its access token and
 * webhook secret; a buyer pays on Mercado Pago's page; the signed webhook and the buyer's return
 * only name the payment, and `/v1/payments` decides. Rejected, pending then approved, forged
 * signatures, a webhook for another shop's payment, and a refund when the seller cancels.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { until } from '../../support/until';
import { ApiClient } from '../../support/http';
import { MP_ACCESS_TOKEN, MP_WEBHOOK_SECRET } from '../../support/mercadopago';
import {
  atMercadoPago,
  mercadoPagoPayments,
  mercadoPagoShop,
  placeMercadoPagoOrder,
} from '../../support/mercadopago-buyer';
import { claimServers } from '../../support/claims';

const servers = claimServers({ bothEngines: true });
const mpUrl = inject('mercadopagoUrl');

/** The browser's GET back from Mercado Pago, as it follows it: where it lands. */
async function comeBack(location: string) {
  const res = await fetch(location, { redirect: 'manual' });
  expect(res.status).toBe(303);
  return res.headers.get('location')!;
}

function webhook(
  url: string,
  seller: number | string,
  dataId: string,
  secret: string,
  ts = String(Date.now()),
) {
  const requestId = 'f7b2a1d4-0b1c-4ec2-aaaa-9e8b1d2f3c4d';
  const v1 = createHmac('sha256', secret)
    .update(`id:${dataId};request-id:${requestId};ts:${ts};`)
    .digest('hex');
  return fetch(`${url}/api/payments/mercadopago/notify/${seller}/?data.id=${dataId}&type=payment`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'x-signature': `ts=${ts},v1=${v1}`,
      'x-request-id': requestId,
    },
    body: JSON.stringify({ type: 'payment', data: { id: dataId } }),
  });
}

describe.each(servers)('Mercado Pago on $kind', ({ url }) => {
  it('connects: a token Mercado Pago does not know is refused; both secrets are needed; none comes back', async () => {
    const api = new ApiClient(url);
    const seller = await api.register();
    const as = { token: seller.token };
    const alone = await api.put(
      '/api/store/payments/mercadopago/',
      { access_token: MP_ACCESS_TOKEN, version: 0 },
      as,
    );
    expect(alone.status).toBe(400);
    expect(alone.body.errors.webhook_secret[0]).toBe(
      'Escribe la clave secreta de webhooks junto con el access token.',
    );
    const unknown = await api.put(
      '/api/store/payments/mercadopago/',
      { access_token: 'APP_USR-1-2-3-999', webhook_secret: 'x', version: 0 },
      as,
    );
    expect(unknown.body).toMatchObject({ configured: true, check: 'rejected' });
    const right = await api.put(
      '/api/store/payments/mercadopago/',
      { access_token: MP_ACCESS_TOKEN, webhook_secret: MP_WEBHOOK_SECRET, version: 1 },
      as,
    );
    expect(right.body).toMatchObject({
      check: 'ok',
      api_key: '1987654321',
      environment: 'production',
    });
    const listed = JSON.stringify((await api.get('/api/store/payments/mercadopago/', as)).body);
    expect(listed).not.toContain(MP_ACCESS_TOKEN);
    expect(listed).not.toContain(MP_WEBHOOK_SECRET);
    expect((await api.get('/api/store/payments/paypal/', as)).status).toBe(404);
  });

  it('pays on Mercado Pago’s page; a refused card and a pending payment; the seller refunds', async () => {
    const shop = await mercadoPagoShop(url);
    const manta = await shop.product({ name: 'Manta', price: 34990, stock: 2 });
    const placed = await placeMercadoPagoOrder(url, manta.id);
    expect(placed.status).toBe(201);
    expect(placed.body.payment_url).toMatch(`${mpUrl}/checkout/v1/redirect?pref_id=`);
    const back = await atMercadoPago(mpUrl, placed.body.payment_url, 'approved');
    expect(new URL(back).pathname).toBe('/pay/vuelta/mercadopago');
    expect(await comeBack(back)).toBe(new URL(placed.body.receipt_url).pathname);
    const paid = await until(
      () => shop.order(placed.body.id),
      (o) => o.status === 'pagado',
    );
    expect(paid.status).toBe('pagado');
    const [payment] = await mercadoPagoPayments(mpUrl, placed.body.number);
    expect(payment!.webhooks).toEqual([200]);
    // The webhook again: one «pagado».
    expect(
      (await webhook(url, shop.account.user.id, String(payment!.id), MP_WEBHOOK_SECRET)).status,
    ).toBe(200);
    await new Promise((r) => setTimeout(r, 800));
    const again = await shop.order(placed.body.id);
    expect(again.timeline.filter((e: { status: string }) => e.status === 'pagado')).toHaveLength(1);

    // Refused: the stock comes back. Pending: the order waits, then Mercado Pago approves it.
    const refused = await placeMercadoPagoOrder(url, manta.id);
    await comeBack(await atMercadoPago(mpUrl, refused.body.payment_url, 'rejected'));
    expect(await shop.order(refused.body.id)).toMatchObject({ status: 'rechazado' });
    const waiting = await placeMercadoPagoOrder(url, manta.id);
    await comeBack(await atMercadoPago(mpUrl, waiting.body.payment_url, 'pending'));
    expect(await shop.order(waiting.body.id)).toMatchObject({ status: 'pendiente_pago' });
    const [cash] = await mercadoPagoPayments(mpUrl, waiting.body.number);
    await fetch(`${mpUrl}/__debug/set`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id: String(cash!.id), status: 'approved' }),
    });
    expect(
      await until(
        () => shop.order(waiting.body.id),
        (o) => o.status === 'pagado',
      ),
    ).toMatchObject({ status: 'pagado' });

    // The seller cancels the first: Mercado Pago refunds it in full.
    const cancelled = await shop.api.patch(
      `/api/orders/${placed.body.id}/`,
      { status: 'cancelado', version: again.version },
      shop.as,
    );
    expect(cancelled.status).toBe(200);
    // The refund is a job the cancel enqueued: it reaches Mercado Pago a moment later.
    const [refunded] = await until(
      () => mercadoPagoPayments(mpUrl, placed.body.number),
      ([p]) => p?.status === 'refunded',
    );
    expect(refunded).toMatchObject({ status: 'refunded', refunds: [{ amount: 34990 }] });
  });

  it('forged webhooks, and one for another shop’s payment, change nothing', async () => {
    const shop = await mercadoPagoShop(url);
    const other = await mercadoPagoShop(url);
    const cojin = await shop.product({ name: 'Cojín', price: 9990, stock: 1 });
    const placed = await placeMercadoPagoOrder(url, cojin.id);
    // Paid at Mercado Pago, but its webhook is lost and the buyer never returns.
    await atMercadoPago(mpUrl, placed.body.payment_url, 'approved', false);
    const [payment] = await mercadoPagoPayments(mpUrl, placed.body.number);
    expect(payment!.webhooks).toEqual([]);
    const id = String(payment!.id);
    for (const res of await Promise.all([
      webhook(url, shop.account.user.id, id, 'not-the-secret'),
      webhook(url, 999_999_999, id, MP_WEBHOOK_SECRET),
      webhook(url, 'abc', id, MP_WEBHOOK_SECRET),
      // Signed right, but captured 11 minutes ago and sent again: a replay.
      webhook(url, shop.account.user.id, id, MP_WEBHOOK_SECRET, String(Date.now() - 11 * 60_000)),
      fetch(
        `${url}/api/payments/mercadopago/notify/${shop.account.user.id}/?data.id=${id}&type=payment`,
        {
          method: 'POST',
          headers: { 'x-signature': 'ts=1,v1=zz', 'x-request-id': 'r'.repeat(300) },
        },
      ),
    ]))
      expect(res.status).toBe(400);
    // Signed right, but sent to another shop: that shop has no such order.
    expect((await webhook(url, other.account.user.id, id, MP_WEBHOOK_SECRET)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await shop.order(placed.body.id)).toMatchObject({ status: 'pendiente_pago' });
    // Its own shop's webhook: paid.
    expect((await webhook(url, shop.account.user.id, id, MP_WEBHOOK_SECRET)).status).toBe(200);
    expect(
      await until(
        () => shop.order(placed.body.id),
        (o) => o.status === 'pagado',
      ),
    ).toMatchObject({ status: 'pagado' });
  });
});
