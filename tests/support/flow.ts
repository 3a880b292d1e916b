/**
 * A local server that speaks Flow's REST API (developers.flow.cl): every call form-urlencoded
 * (GET in the query) with `apiKey` and `s`, the HMAC-SHA256 of the parameters sorted by name,
 * each name followed by its value, checked here independently of the app's signer. Errors are
 * Flow's `{code, message}`: 401 for an unknown key or a wrong signature, 400 for a bad call, 429
 * past its rate. `/payment/create` → `{url, token, flowOrder}`; its payment page (`/app/web/pay.php`)
 * has «Pagar», «Rechazar» and «Anular»: each POSTs `token` to the shop's `urlConfirmation` server
 * to server, then sends the browser back to `urlReturn` by POST, as Flow does. `/payment/getStatus`,
 * `/refund/create` (then its `urlCallBack`) and `/refund/getStatus` answer as Flow's do.
 * `/__debug/...` lets tests pay without notifying, notify again, and read what happened.
 */
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import {
  escapeHtml,
  listenLocal,
  postForm,
  readBody,
  sendJson,
  sendPage,
  sendPostBack,
} from './local-http';

export const FLOW_API_KEY = '1F52F6C7-8DA4-4A6C-9A2E-3C1B7D0E5F21';
export const FLOW_SECRET_KEY = 'b2f8c4d6e1a3957f0c2d4e6a8b1c3d5e7f9a0b2c';
/** The calls one key may make in ten seconds before a 429. */
const RATE = 200;

interface Payment {
  token: string;
  flowOrder: number;
  apiKey: string;
  commerceOrder: string;
  subject: string;
  amount: number;
  email: string;
  urlConfirmation: string;
  urlReturn: string;
  status: 1 | 2 | 3 | 4;
  /** The status code of each confirmation the shop answered. */
  confirmations: number[];
  refunds: {
    refundCommerceOrder: string;
    token: string;
    amount: number;
    status: string;
    urlCallBack: string;
  }[];
}

export interface TestFlow {
  url: string;
  close(): Promise<void>;
}

/** Flow's signature, written here from its documentation, not imported from the app. */
function sign(params: URLSearchParams, secret: string): string {
  const names = [...params.keys()].filter((k) => k !== 's').sort();
  return createHmac('sha256', secret)
    .update(names.map((k) => k + params.get(k)).join(''))
    .digest('hex');
}

/** POSTs `token` to the shop, server to server, as Flow does; the shop's status code. */
async function notify(url: string, token: string): Promise<number> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }).toString(),
      signal: AbortSignal.timeout(15_000),
    });
    await res.body?.cancel();
    return res.status;
  } catch {
    return 0;
  }
}

function statusOf(p: Payment) {
  return {
    flowOrder: p.flowOrder,
    commerceOrder: p.commerceOrder,
    requestDate: new Date().toISOString().replace('T', ' ').slice(0, 19),
    status: p.status,
    subject: p.subject,
    currency: 'CLP',
    amount: p.amount,
    payer: p.email,
    optional: null,
    pending_info: { media: '', date: '' },
    paymentData:
      p.status === 2
        ? {
            date: new Date().toISOString().replace('T', ' ').slice(0, 19),
            media: 'Webpay',
            conversionDate: null,
            conversionRate: null,
            amount: p.amount,
            currency: 'CLP',
            fee: Math.round(p.amount * 0.0319),
            balance: p.amount - Math.round(p.amount * 0.0319),
            transferDate: null,
          }
        : { date: null, media: null, amount: null, fee: null, balance: null },
    merchantId: null,
  };
}

/**
 * Starts Flow knowing `accounts` (API key → secret key; default the one above). `rate` changes
 * the calls a key may make in ten seconds: the bench lifts it to measure the app, not the 429s.
 */
export async function startFlow(
  options: { port?: number; accounts?: Record<string, string>; rate?: number } = {},
): Promise<TestFlow & { port: number }> {
  const accounts = options.accounts ?? { [FLOW_API_KEY]: FLOW_SECRET_KEY };
  const rate = options.rate ?? RATE;
  const payments = new Map<string, Payment>();
  const calls = new Map<string, number[]>();
  let flowOrders = 1000;
  let base = '';
  const server = http.createServer((req, res) => void answer(req, res));

  /** Checks key, signature and rate: the call's parameters, or null once answered with an error. */
  function authenticate(res: http.ServerResponse, params: URLSearchParams) {
    const apiKey = params.get('apiKey') ?? '';
    const secret = accounts[apiKey];
    if (!secret) return void sendJson(res, 401, { code: 108, message: 'Invalid apiKey' });
    if (params.get('s') !== sign(params, secret))
      return void sendJson(res, 401, { code: 109, message: 'Invalid signature' });
    const now = Date.now();
    const recent = (calls.get(apiKey) ?? []).filter((t) => now - t < 10_000);
    recent.push(now);
    calls.set(apiKey, recent);
    if (recent.length > rate)
      return void sendJson(res, 429, { code: 429, message: 'Too many requests' });
    return apiKey;
  }

  async function answer(req: http.IncomingMessage, res: http.ServerResponse) {
    try {
      const url = new URL(req.url ?? '/', base);
      const text = await readBody(req);
      const params = req.method === 'GET' ? url.searchParams : new URLSearchParams(text);
      const path = url.pathname;

      if (path === '/payment/create' && req.method === 'POST') {
        const apiKey = authenticate(res, params);
        if (!apiKey) return;
        for (const field of [
          'commerceOrder',
          'subject',
          'currency',
          'amount',
          'email',
          'urlConfirmation',
          'urlReturn',
        ])
          if (!params.get(field))
            return sendJson(res, 400, { code: 400, message: `Missing parameter ${field}` });
        const amount = Number(params.get('amount'));
        if (!Number.isInteger(amount) || amount < 350)
          return sendJson(res, 400, { code: 1605, message: 'Invalid amount' });
        if (
          [...payments.values()].some(
            (p) => p.apiKey === apiKey && p.commerceOrder === params.get('commerceOrder'),
          )
        )
          return sendJson(res, 400, { code: 1617, message: 'The commerceOrder already exists' });
        const token = randomBytes(20).toString('hex').toUpperCase();
        payments.set(token, {
          token,
          flowOrder: ++flowOrders,
          apiKey,
          commerceOrder: params.get('commerceOrder')!,
          subject: params.get('subject')!,
          amount,
          email: params.get('email')!,
          urlConfirmation: params.get('urlConfirmation')!,
          urlReturn: params.get('urlReturn')!,
          status: 1,
          confirmations: [],
          refunds: [],
        });
        return sendJson(res, 200, { url: `${base}/app/web/pay.php`, token, flowOrder: flowOrders });
      }
      if (path === '/payment/getStatus' && req.method === 'GET') {
        const apiKey = authenticate(res, params);
        if (!apiKey) return;
        const p = payments.get(params.get('token') ?? '');
        if (!p || p.apiKey !== apiKey)
          return sendJson(res, 400, { code: 105, message: 'Invalid token' });
        return sendJson(res, 200, statusOf(p));
      }
      if (path === '/refund/create' && req.method === 'POST') {
        const apiKey = authenticate(res, params);
        if (!apiKey) return;
        const p = [...payments.values()].find(
          (x) => x.apiKey === apiKey && x.commerceOrder === params.get('commerceTrxId'),
        );
        const amount = Number(params.get('amount'));
        if (!p || p.status !== 2)
          return sendJson(res, 400, { code: 1801, message: 'Order not paid' });
        const refundOrder = params.get('refundCommerceOrder') ?? '';
        // The shop's own refund number names one refund: sent again, it is that refund.
        const again = p.refunds.find((r) => r.refundCommerceOrder === refundOrder);
        if (again)
          return sendJson(res, 200, {
            token: again.token,
            flowRefundOrder: 7000 + p.refunds.indexOf(again) + 1,
            date: new Date().toISOString(),
            status: again.status,
            fee: 0,
          });
        const given = p.refunds.reduce((sum, r) => sum + r.amount, 0);
        if (amount > p.amount - given)
          return sendJson(res, 400, { code: 1802, message: 'Invalid amount' });
        const refund = {
          refundCommerceOrder: refundOrder,
          token: randomBytes(16).toString('hex').toUpperCase(),
          amount,
          status: 'created',
          urlCallBack: params.get('urlCallBack') ?? '',
        };
        p.refunds.push(refund);
        // Flow settles the refund later and tells the shop at `urlCallBack`.
        setTimeout(() => {
          refund.status = 'refunded';
          void notify(refund.urlCallBack, refund.token);
        }, 200);
        return sendJson(res, 200, {
          token: refund.token,
          flowRefundOrder: 7000 + p.refunds.length,
          date: new Date().toISOString(),
          status: refund.status,
          fee: 0,
        });
      }
      if (path === '/refund/getStatus' && req.method === 'GET') {
        const apiKey = authenticate(res, params);
        if (!apiKey) return;
        for (const p of payments.values())
          for (const r of p.refunds)
            if (r.token === params.get('token') && p.apiKey === apiKey)
              return sendJson(res, 200, { token: r.token, status: r.status, amount: r.amount });
        return sendJson(res, 400, { code: 105, message: 'Invalid token' });
      }

      // The buyer's side.
      const token = params.get('token') ?? url.searchParams.get('token') ?? '';
      const p = payments.get(token);
      if (path === '/app/web/pay.php') {
        if (!p || p.status !== 1)
          return sendPage(res, 'Flow', '<p>Orden de pago no válida o ya pagada.</p>');
        const button = (action: string, label: string) =>
          postForm('/app/web/decide', { token, action }, label);
        return sendPage(
          res,
          'Flow (simulado)',
          `<h1>Flow</h1><p>${escapeHtml(p.subject)}</p>` +
            `<p>Monto: <strong id="monto">$${p.amount.toLocaleString('es-CL')}</strong></p>` +
            button('pay', 'Pagar') +
            button('reject', 'Rechazar') +
            button('cancel', 'Anular'),
        );
      }
      if (path === '/app/web/decide' && req.method === 'POST' && p && p.status === 1) {
        const action = params.get('action');
        p.status = action === 'pay' ? 2 : action === 'reject' ? 3 : 4;
        p.confirmations.push(await notify(p.urlConfirmation, p.token));
        return sendPostBack(res, p.urlReturn, { token });
      }
      if (path.startsWith('/__debug/payments/')) {
        const found = payments.get(path.split('/').pop()!);
        return found ? sendJson(res, 200, found) : sendJson(res, 404, {});
      }
      if (path.startsWith('/__debug/by-order/')) {
        const found = [...payments.values()].find((x) => x.commerceOrder === path.split('/').pop());
        return found ? sendJson(res, 200, found) : sendJson(res, 404, {});
      }
      // Sets a payment's status; `notify=1` also tells the shop (a lost notification: 0).
      if (path === '/__debug/set' && req.method === 'POST' && p) {
        p.status = Number(params.get('status')) as Payment['status'];
        if (params.get('notify') === '1')
          p.confirmations.push(await notify(p.urlConfirmation, p.token));
        return sendJson(res, 200, p);
      }
      res.writeHead(404);
      res.end();
    } catch (error) {
      sendJson(res, 500, { code: 500, message: String(error) });
    }
  }
  const listening = await listenLocal(server, options.port ?? 0);
  base = listening.url;
  return listening;
}
