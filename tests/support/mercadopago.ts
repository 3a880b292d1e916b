/**
 * A local server that speaks Mercado Pago's REST API for Checkout Pro: `Authorization: Bearer`
 * with a shop's access token (401 `{message, error: 'unauthorized', status, cause}` for another),
 * `POST /checkout/preferences` → `{id, init_point}`, its checkout page (`/checkout/v1/redirect`)
 * with «Pagar», «Rechazar» and «Pendiente». A decision creates a payment, sends the webhook to the
 * preference's `notification_url` with `?data.id=…&type=payment`, `x-request-id` and `x-signature`
 * (`ts=…,v1=` HMAC-SHA256 of `id:{data.id};request-id:{x-request-id};ts:{ts};` with the account's
 * webhook secret, written here from its documentation), then sends the browser to `back_urls`
 * (GET, `auto_return`). `/v1/payments/{id}`, `/v1/payments/search`, `/v1/payments/{id}/refunds`
 * (with `X-Idempotency-Key`) and `/users/me` answer as Mercado Pago's do; 429 past its rate.
 */
import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import { listenLocal, postForm, readBody, sendJson, sendPage } from './local-http';

export const MP_ACCESS_TOKEN =
  'APP_USR-4410250412365678-112714-3f0c0b7e9d2a41c6b8e5f1a2d3c4b5a6-1987654321';
export const MP_WEBHOOK_SECRET = 'c7a1f0e9d8b7a6c5e4f3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b2a1';
const RATE = 200;

interface Preference {
  id: string;
  token: string;
  external_reference: string;
  amount: number;
  notification_url: string;
  back_urls: { success: string; failure: string; pending: string };
}

interface Payment {
  id: number;
  token: string;
  status: string;
  status_detail: string;
  external_reference: string;
  transaction_amount: number;
  preference_id: string;
  /** The status code the shop answered to each webhook. */
  webhooks: number[];
  refunds: { id: number; amount: number; key: string }[];
}

export interface TestMercadoPago {
  url: string;
  close(): Promise<void>;
}

const failure = (status: number, error: string, message: string) => ({
  message,
  error,
  status,
  cause: [{ code: status, description: message }],
});

/** Sends Mercado Pago's webhook for `payment`, signed with `secret`; the shop's status code. */
export async function sendWebhook(
  notificationUrl: string,
  paymentId: string,
  secret: string,
): Promise<number> {
  const ts = String(Date.now());
  const requestId = randomUUID();
  const v1 = createHmac('sha256', secret)
    .update(`id:${paymentId};request-id:${requestId};ts:${ts};`)
    .digest('hex');
  const target = new URL(notificationUrl);
  target.searchParams.set('data.id', paymentId);
  target.searchParams.set('type', 'payment');
  try {
    const res = await fetch(target, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'x-signature': `ts=${ts},v1=${v1}`,
        'x-request-id': requestId,
      },
      body: JSON.stringify({
        action: 'payment.updated',
        api_version: 'v1',
        data: { id: paymentId },
        date_created: new Date().toISOString(),
        id: Date.now(),
        live_mode: false,
        type: 'payment',
        user_id: '1987654321',
      }),
      signal: AbortSignal.timeout(22_000),
    });
    await res.body?.cancel();
    return res.status;
  } catch {
    return 0;
  }
}

/** Starts Mercado Pago knowing `accounts` (access token → webhook secret; default the one above). */
export async function startMercadoPago(
  options: { accounts?: Record<string, string> } = {},
): Promise<TestMercadoPago & { port: number }> {
  const accounts = options.accounts ?? { [MP_ACCESS_TOKEN]: MP_WEBHOOK_SECRET };
  const preferences = new Map<string, Preference>();
  const payments = new Map<number, Payment>();
  const calls = new Map<string, number[]>();
  let nextPayment = 90_000_000_000;
  let base = '';
  const server = http.createServer((req, res) => void answer(req, res));

  function authenticated(req: http.IncomingMessage, res: http.ServerResponse): string | null {
    const token = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1] ?? '';
    if (!(token in accounts)) {
      sendJson(res, 401, failure(401, 'unauthorized', 'invalid access token'));
      return null;
    }
    const now = Date.now();
    const recent = (calls.get(token) ?? []).filter((t) => now - t < 10_000);
    recent.push(now);
    calls.set(token, recent);
    if (recent.length > RATE) {
      sendJson(res, 429, failure(429, 'too_many_requests', 'Too many requests'));
      return null;
    }
    return token;
  }

  const view = (p: Payment) => ({
    id: p.id,
    status: p.status,
    status_detail: p.status_detail,
    external_reference: p.external_reference,
    transaction_amount: p.transaction_amount,
    currency_id: 'CLP',
    payment_method_id: 'visa',
    payment_type_id: 'credit_card',
    date_approved: p.status === 'approved' ? new Date().toISOString() : null,
    date_created: new Date().toISOString(),
  });

  async function answer(req: http.IncomingMessage, res: http.ServerResponse) {
    try {
      const url = new URL(req.url ?? '/', base);
      const text = await readBody(req);
      const path = url.pathname;
      if (path === '/users/me' && req.method === 'GET') {
        if (!authenticated(req, res)) return;
        return sendJson(res, 200, { id: 1987654321, nickname: 'TIENDA_PRUEBA', site_id: 'MLC' });
      }
      if (path === '/checkout/preferences' && req.method === 'POST') {
        const token = authenticated(req, res);
        if (!token) return;
        const input = JSON.parse(text || '{}');
        const item = input.items?.[0];
        if (!item || item.currency_id !== 'CLP' || !Number.isInteger(item.unit_price))
          return sendJson(res, 400, failure(400, 'bad_request', 'invalid items'));
        if (input.auto_return && !input.back_urls?.success)
          return sendJson(
            res,
            400,
            failure(
              400,
              'invalid_auto_return',
              'auto_return invalid. back_url.success must be defined',
            ),
          );
        const id = `1987654321-${randomUUID()}`;
        preferences.set(id, {
          id,
          token,
          external_reference: String(input.external_reference ?? ''),
          amount: item.unit_price * (item.quantity ?? 1),
          notification_url: String(input.notification_url ?? ''),
          back_urls: input.back_urls,
        });
        return sendJson(res, 201, {
          id,
          init_point: `${base}/checkout/v1/redirect?pref_id=${id}`,
          sandbox_init_point: `${base}/checkout/v1/redirect?pref_id=${id}`,
          external_reference: input.external_reference,
        });
      }
      if (path === '/v1/payments/search' && req.method === 'GET') {
        const token = authenticated(req, res);
        if (!token) return;
        const reference = url.searchParams.get('external_reference');
        const results = [...payments.values()]
          .filter((p) => p.token === token && p.external_reference === reference)
          .reverse()
          .map(view);
        return sendJson(res, 200, {
          paging: { total: results.length, limit: 30, offset: 0 },
          results,
        });
      }
      const refunds = /^\/v1\/payments\/(\d+)\/refunds$/.exec(path);
      if (refunds && req.method === 'POST') {
        const token = authenticated(req, res);
        if (!token) return;
        const p = payments.get(Number(refunds[1]));
        if (!p || p.token !== token)
          return sendJson(res, 404, failure(404, 'not_found', 'Payment not found'));
        const key = String(req.headers['x-idempotency-key'] ?? '');
        if (!key)
          return sendJson(res, 400, failure(400, 'bad_request', 'X-Idempotency-Key is required'));
        const again = p.refunds.find((r) => r.key === key);
        if (again)
          return sendJson(res, 201, {
            id: again.id,
            payment_id: p.id,
            amount: again.amount,
            status: 'approved',
          });
        if (p.status !== 'approved')
          return sendJson(res, 400, failure(400, 'bad_request', 'Payment not refundable'));
        const amount = JSON.parse(text || '{}').amount ?? p.transaction_amount;
        const refund = { id: Date.now(), amount, key };
        p.refunds.push(refund);
        p.status = 'refunded';
        return sendJson(res, 201, { id: refund.id, payment_id: p.id, amount, status: 'approved' });
      }
      const one = /^\/v1\/payments\/(\d+)$/.exec(path);
      if (one && req.method === 'GET') {
        const token = authenticated(req, res);
        if (!token) return;
        const p = payments.get(Number(one[1]));
        if (!p || p.token !== token)
          return sendJson(res, 404, failure(404, 'not_found', 'Payment not found'));
        return sendJson(res, 200, view(p));
      }

      // The buyer's side.
      const params = req.method === 'GET' ? url.searchParams : new URLSearchParams(text);
      const pref = preferences.get(params.get('pref_id') ?? '');
      if (path === '/checkout/v1/redirect' && pref) {
        const button = (action: string, label: string) =>
          postForm('/checkout/v1/decide', { pref_id: pref.id, action }, label);
        return sendPage(
          res,
          'Mercado Pago (simulado)',
          `<h1>Mercado Pago</h1><p>Total: <strong>$${pref.amount.toLocaleString('es-CL')}</strong></p>` +
            button('approved', 'Pagar') +
            button('rejected', 'Rechazar') +
            button('pending', 'Pagar en efectivo (pendiente)'),
        );
      }
      if (path === '/checkout/v1/decide' && req.method === 'POST' && pref) {
        const status = params.get('action') ?? 'rejected';
        const p: Payment = {
          id: ++nextPayment,
          token: pref.token,
          status,
          status_detail:
            status === 'approved'
              ? 'accredited'
              : status === 'pending'
                ? 'pending_waiting_payment'
                : 'cc_rejected_other_reason',
          external_reference: pref.external_reference,
          transaction_amount: pref.amount,
          preference_id: pref.id,
          webhooks: [],
          refunds: [],
        };
        payments.set(p.id, p);
        // `notify=0` (tests only, never from the page's buttons): the webhook is lost.
        if (params.get('notify') !== '0')
          p.webhooks.push(
            await sendWebhook(pref.notification_url, String(p.id), accounts[pref.token]!),
          );
        const back = new URL(
          status === 'approved'
            ? pref.back_urls.success
            : status === 'pending'
              ? pref.back_urls.pending
              : pref.back_urls.failure,
        );
        for (const [k, v] of Object.entries({
          collection_id: String(p.id),
          collection_status: status,
          payment_id: String(p.id),
          status,
          external_reference: p.external_reference,
          payment_type: 'credit_card',
          merchant_order_id: String(p.id + 1),
          preference_id: pref.id,
          site_id: 'MLC',
          processing_mode: 'aggregator',
          merchant_account_id: 'null',
        }))
          back.searchParams.set(k, v);
        res.writeHead(302, { Location: back.toString() });
        return res.end();
      }
      if (path.startsWith('/__debug/by-reference/')) {
        const reference = decodeURIComponent(path.split('/').pop()!);
        return sendJson(
          res,
          200,
          [...payments.values()].filter((p) => p.external_reference === reference),
        );
      }
      // Sets a payment's status and sends its webhook again (`notify=0`: a lost one).
      if (path === '/__debug/set' && req.method === 'POST') {
        const p = payments.get(Number(params.get('id')));
        if (!p) return sendJson(res, 404, {});
        p.status = params.get('status') ?? p.status;
        const preference = preferences.get(p.preference_id)!;
        if (params.get('notify') !== '0')
          p.webhooks.push(
            await sendWebhook(preference.notification_url, String(p.id), accounts[p.token]!),
          );
        return sendJson(res, 200, p);
      }
      res.writeHead(404);
      res.end();
    } catch (error) {
      sendJson(res, 500, failure(500, 'internal_error', String(error)));
    }
  }
  const listening = await listenLocal(server);
  base = listening.url;
  return listening;
}
