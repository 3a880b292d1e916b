/**
 * Flow beside Webpay (issue 50): a shop connects its own Flow account (checked with Flow at once,
 * offered only once verified); a buyer pays on Flow's page; Flow's notification and the buyer's
 * return only name the payment, and what Flow's `getStatus` says decides. Paid, rejected and
 * cancelled; a notification sent again, a forged one, and a cancel after payment that refunds.
 */
import { describe, expect, inject, it } from 'vitest';
import { FLOW_API_KEY, FLOW_SECRET_KEY } from '../../support/flow';
import { atFlow, flowPayment, flowShop, flowToken, placeFlowOrder } from '../../support/flow-buyer';
import { until } from '../../support/until';
import { ApiClient } from '../../support/http';
import { claimServers } from '../../support/claims';

const servers = claimServers({ bothEngines: true });
const flowUrl = inject('flowUrl');

/** The browser's POST back from Flow, then the GET on our own host, as a browser follows them. */
async function comeBack(back: { url: string; token: string }) {
  const posted = await fetch(back.url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: back.token }),
  });
  expect(posted.status).toBe(303);
  const got = await fetch(new URL(posted.headers.get('location')!, back.url), {
    redirect: 'manual',
  });
  expect(got.status).toBe(303);
  return got.headers.get('location')!;
}

const notify = (url: string, body: string) =>
  fetch(`${url}/api/payments/flow/notify/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body,
  });

describe.each(servers)('Flow on $kind', ({ url }) => {
  it('connects: a wrong secret is refused, the right one verified; no secret comes back', async () => {
    const api = new ApiClient(url);
    const seller = await api.register();
    const as = { token: seller.token };
    const wrong = await api.put(
      '/api/store/payments/flow/',
      { api_key: FLOW_API_KEY, secret_key: 'x'.repeat(40), environment: 'sandbox', version: 0 },
      as,
    );
    expect(wrong.status).toBe(200);
    expect(wrong.body).toMatchObject({ configured: true, check: 'rejected', version: 1 });
    const stale = await api.put(
      '/api/store/payments/flow/',
      { api_key: FLOW_API_KEY, secret_key: FLOW_SECRET_KEY, environment: 'sandbox', version: 0 },
      as,
    );
    expect(stale.status).toBe(409);
    const right = await api.put(
      '/api/store/payments/flow/',
      { api_key: FLOW_API_KEY, secret_key: FLOW_SECRET_KEY, environment: 'sandbox', version: 1 },
      as,
    );
    expect(right.body).toMatchObject({
      check: 'ok',
      secret_key_hint: `••••${FLOW_SECRET_KEY.slice(-4)}`,
    });
    const listed = await api.get('/api/store/payments/', as);
    expect(listed.body.flow).toMatchObject({ configured: true, check: 'ok' });
    expect(listed.body.webpay).toMatchObject({ configured: false });
    expect(JSON.stringify(listed.body)).not.toContain(FLOW_SECRET_KEY);
    expect((await api.post('/api/store/payments/flow/check/', undefined, as)).body.result).toBe(
      'ok',
    );
    // A malformed key is a Spanish 400, and nothing changes.
    const bad = await api.put(
      '/api/store/payments/flow/',
      { api_key: 'con espacios', environment: 'sandbox', version: 2 },
      as,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors.api_key[0]).toBe('La API key lleva solo letras, números y guiones.');
    const removed = await api.request('DELETE', '/api/store/payments/flow/', {
      body: { version: 2 },
      token: seller.token,
    });
    expect(removed.body).toMatchObject({ configured: false });
  });

  it('pays on Flow’s page: Flow’s word decides, once, however often it notifies', async () => {
    const shop = await flowShop(url);
    const taza = await shop.product({ name: 'Taza', price: 12990, stock: 3 });
    const placed = await placeFlowOrder(url, taza.id, 2);
    expect(placed.status).toBe(201);
    expect(placed.body.payment_url).toMatch(`${flowUrl}/app/web/pay.php?token=`);
    const token = flowToken(placed.body.payment_url);
    expect((await shop.api.get(`/api/products/${taza.id}/`, shop.as)).body.stock).toBe(1);

    // The notification alone only enqueues; it pays because Flow says status 2.
    const back = await atFlow(flowUrl, token, 'pay');
    expect((await flowPayment(flowUrl, token)).confirmations).toEqual([200]);
    const receipt = await comeBack(back);
    expect(receipt).toBe(new URL(placed.body.receipt_url).pathname);
    const paid = await until(
      () => shop.order(placed.body.id),
      (o) => o.status === 'pagado',
    );
    expect(paid).toMatchObject({ status: 'pagado', payment_method: 'flow', refund_due: false });

    // Flow notifies again, twice, and the buyer comes back again: one payment, one «pagado».
    expect((await notify(url, `token=${token}`)).status).toBe(200);
    expect((await notify(url, `token=${token}`)).status).toBe(200);
    await comeBack(back);
    await new Promise((r) => setTimeout(r, 1000));
    const after = await shop.order(placed.body.id);
    expect(after.timeline.filter((e: { status: string }) => e.status === 'pagado')).toHaveLength(1);
    expect((await shop.api.get(`/api/products/${taza.id}/`, shop.as)).body.stock).toBe(1);

    // The seller cancels: Flow refunds the whole amount, and the stock comes back.
    const cancelled = await shop.api.patch(
      `/api/orders/${placed.body.id}/`,
      { status: 'cancelado', version: after.version },
      shop.as,
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.reason).toBe('La tienda canceló la orden y reembolsó el pago.');
    const refunded = await until(
      () => flowPayment(flowUrl, token),
      (p) => p.refunds[0]?.status === 'refunded',
    );
    expect(refunded.refunds).toMatchObject([{ amount: 25980, status: 'refunded' }]);
    expect((await shop.api.get(`/api/products/${taza.id}/`, shop.as)).body.stock).toBe(3);
  });

  it('rejected and cancelled at Flow give the stock back; forged notifications change nothing', async () => {
    const shop = await flowShop(url);
    const vaso = await shop.product({ name: 'Vaso', price: 4990, stock: 2 });
    const stock = async () => (await shop.api.get(`/api/products/${vaso.id}/`, shop.as)).body.stock;

    const first = await placeFlowOrder(url, vaso.id);
    await comeBack(await atFlow(flowUrl, flowToken(first.body.payment_url), 'reject'));
    expect(await shop.order(first.body.id)).toMatchObject({ status: 'rechazado' });

    const second = await placeFlowOrder(url, vaso.id);
    const receipt = await comeBack(
      await atFlow(flowUrl, flowToken(second.body.payment_url), 'cancel'),
    );
    expect(await shop.order(second.body.id)).toMatchObject({
      status: 'cancelado',
      reason: 'Anulaste el pago en Flow. No se hizo ningún cargo.',
    });
    const page = await (await fetch(new URL(receipt, url))).text();
    expect(page).toContain('Anulaste el pago en Flow.');
    expect(await stock()).toBe(2);

    // Forged or unknown tokens, hostile bodies: a 400 that says nothing more, never a 5xx.
    for (const body of [
      'token=NOEXISTE',
      'token=%00',
      'token=',
      '',
      'a'.repeat(5000),
      'token=' + 'Z'.repeat(300),
    ]) {
      const res = await notify(url, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: 'Notificación no válida.' });
    }
    const unknownReturn = await fetch(`${url}/pay/vuelta/flow`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'token=NOEXISTE',
    });
    expect(unknownReturn.status).toBe(404);
    expect((await fetch(`${url}/api/payments/flow/notify/`)).status).toBe(405);
    expect(await shop.order(first.body.id)).toMatchObject({ status: 'rechazado' });
  });
});
