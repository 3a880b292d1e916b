/**
 * A local server that speaks Webpay Plus's REST API (v1.2: create, commit, status, refund, with
 * the `Tbk-Api-Key-Id`/`Tbk-Api-Key-Secret` headers) and plays Webpay's payment form for a
 * browser: "Pagar" (approved), "Rechazar" (the bank says no), "Anular" (the buyer cancels,
 * returned by POST with `TBK_TOKEN`) and "Dejar expirar" (Webpay's timeout: `TBK_ORDEN_COMPRA` and
 * `TBK_ID_SESION` alone). The app reaches it through `WEBPAY_API_URL`; each store brings its own
 * account, and the server knows two (`WEBPAY_ACCOUNTS`): a transaction belongs to the commerce code
 * that created it, as at Transbank. `/__debug/transactions/{token}` tells tests how often a token
 * was committed and with which `Tbk-Api-Key-Id` it was created.
 */
import { randomBytes } from 'node:crypto';
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

export const WEBPAY_COMMERCE_CODE = '597055555532';
export const WEBPAY_API_KEY = '579B532A7440BB0C9079DED94D31EA1615BACEB56610332264630D42D0A36B1C';
/** A second store's account, so tests can tell whose credentials each transaction used. */
export const SECOND_COMMERCE_CODE = '597055555533';
export const SECOND_API_KEY = '8D4F5AE1D3C6E0F7B2A9C4D1E6F3A8B5C2D9E4F1A6B3C8D5E2F7A4B9C6D1E3F5';
/** The accounts this Webpay knows: commerce code → secret key. */
export const WEBPAY_ACCOUNTS: Record<string, string> = {
  [WEBPAY_COMMERCE_CODE]: WEBPAY_API_KEY,
  [SECOND_COMMERCE_CODE]: SECOND_API_KEY,
};
const API = '/rswebpaytransaction/api/webpay/v1.2/transactions';

interface Transaction {
  token: string;
  /** The `Tbk-Api-Key-Id` the transaction was created with. */
  commerce_code: string;
  buy_order: string;
  session_id: string;
  amount: number;
  return_url: string;
  decision: 'approve' | 'reject' | null;
  status: 'INITIALIZED' | 'AUTHORIZED' | 'FAILED' | 'REVERSED';
  commits: number;
  refunds: number;
}

export interface TestWebpay {
  url: string;
  close(): Promise<void>;
}

function result(tx: Transaction) {
  return {
    vci: tx.status === 'AUTHORIZED' ? 'TSY' : 'TSN',
    amount: tx.amount,
    status: tx.status,
    buy_order: tx.buy_order,
    session_id: tx.session_id,
    card_detail: { card_number: '6623' },
    accounting_date: '1122',
    transaction_date: new Date().toISOString(),
    authorization_code: tx.status === 'AUTHORIZED' || tx.status === 'REVERSED' ? '1213' : '000000',
    payment_type_code: 'VD',
    response_code: tx.status === 'FAILED' ? -1 : 0,
    installments_number: 0,
  };
}

/**
 * Starts the server on `port` (default: any free one), knowing `accounts` (default: the two
 * above): a test restarts it on the same port to play Webpay coming back, or no longer knowing a key.
 */
export async function startWebpay(
  options: { port?: number; accounts?: Record<string, string> } = {},
): Promise<TestWebpay & { port: number }> {
  const accounts = options.accounts ?? WEBPAY_ACCOUNTS;
  const transactions = new Map<string, Transaction>();
  let base = '';
  const server = http.createServer((req, res) => void answer(req, res));
  async function answer(req: http.IncomingMessage, res: http.ServerResponse) {
    try {
      const url = new URL(req.url ?? '/', base);
      const text = await readBody(req);
      if (url.pathname.startsWith(API)) {
        const keyId = String(req.headers['tbk-api-key-id'] ?? '');
        if (!accounts[keyId] || req.headers['tbk-api-key-secret'] !== accounts[keyId])
          return sendJson(res, 401, { error_message: 'Not Authorized' });
        const rest = url.pathname.slice(API.length).split('/').filter(Boolean);
        if (rest.length === 0 && req.method === 'POST') {
          const input = JSON.parse(text || '{}');
          if (
            typeof input.buy_order !== 'string' ||
            input.buy_order.length > 26 ||
            !input.buy_order
          )
            return sendJson(res, 422, { error_message: 'Invalid value for parameter: buy_order' });
          if (typeof input.session_id !== 'string' || input.session_id.length > 61)
            return sendJson(res, 422, { error_message: 'Invalid value for parameter: session_id' });
          if (!Number.isInteger(input.amount) || input.amount <= 0)
            return sendJson(res, 422, { error_message: 'Invalid value for parameter: amount' });
          if (typeof input.return_url !== 'string' || input.return_url.length > 255)
            return sendJson(res, 422, { error_message: 'Invalid value for parameter: return_url' });
          const token = randomBytes(32).toString('hex');
          transactions.set(token, {
            token,
            commerce_code: keyId,
            ...input,
            decision: null,
            status: 'INITIALIZED',
            commits: 0,
            refunds: 0,
          });
          return sendJson(res, 200, { token, url: `${base}/webpayserver/initTransaction` });
        }
        const tx = transactions.get(rest[0] ?? '');
        if (!tx || tx.commerce_code !== keyId)
          return sendJson(res, 422, { error_message: 'Invalid value for parameter: token' });
        if (rest.length === 1 && req.method === 'PUT') {
          if (tx.commits > 0 || tx.decision === null)
            return sendJson(res, 422, {
              error_message:
                `Invalid status '${tx.commits > 0 ? 2 : 0}' for transaction while authorizing. ` +
                "Commerce should be in a status of 'INITIALIZED'",
            });
          tx.commits++;
          tx.status = tx.decision === 'approve' ? 'AUTHORIZED' : 'FAILED';
          return sendJson(res, 200, result(tx));
        }
        if (rest.length === 1 && req.method === 'GET') return sendJson(res, 200, result(tx));
        if (rest.length === 2 && rest[1] === 'refunds' && req.method === 'POST') {
          const { amount } = JSON.parse(text || '{}');
          if (tx.status !== 'AUTHORIZED' || amount !== tx.amount)
            return sendJson(res, 422, { error_message: 'Transaction cannot be refunded' });
          tx.status = 'REVERSED';
          tx.refunds++;
          return sendJson(res, 200, { type: 'REVERSED' });
        }
        return sendJson(res, 404, { error_message: 'Not found' });
      }
      if (url.pathname.startsWith('/__debug/transactions/')) {
        const tx = transactions.get(url.pathname.split('/').pop()!);
        return tx ? sendJson(res, 200, tx) : sendJson(res, 404, {});
      }
      const form = new URLSearchParams(text);
      const token = form.get('token_ws') ?? url.searchParams.get('token_ws') ?? '';
      const tx = transactions.get(token);
      if (url.pathname === '/webpayserver/initTransaction') {
        if (!tx || tx.decision !== null)
          return sendPage(res, 'Webpay', '<p>Transacción no válida.</p>');
        const button = (action: string, label: string) =>
          postForm('/webpayserver/decide', { token_ws: token, action }, label);
        return sendPage(
          res,
          'Webpay (simulado)',
          '<h1>Webpay</h1>' +
            `<p>Monto: <strong id="monto">$${tx.amount.toLocaleString('es-CL')}</strong></p>` +
            `<p>Orden de compra: ${escapeHtml(tx.buy_order)}</p>` +
            button('approve', 'Pagar') +
            button('reject', 'Rechazar') +
            button('abort', 'Anular compra y volver al comercio') +
            button('timeout', 'Dejar expirar'),
        );
      }
      if (url.pathname === '/webpayserver/decide' && req.method === 'POST' && tx) {
        const action = form.get('action');
        if (action === 'approve' || action === 'reject') {
          tx.decision = action;
          res.writeHead(303, { Location: `${tx.return_url}?token_ws=${tx.token}` });
          return res.end();
        }
        if (action === 'abort')
          return sendPostBack(res, tx.return_url, {
            TBK_TOKEN: tx.token,
            TBK_ORDEN_COMPRA: tx.buy_order,
            TBK_ID_SESION: tx.session_id,
          });
        if (action === 'timeout')
          return sendPostBack(res, tx.return_url, {
            TBK_ORDEN_COMPRA: tx.buy_order,
            TBK_ID_SESION: tx.session_id,
          });
      }
      res.writeHead(404);
      res.end();
    } catch (error) {
      sendJson(res, 500, { error_message: String(error) });
    }
  }
  const listening = await listenLocal(server, options.port ?? 0);
  base = listening.url;
  return listening;
}
