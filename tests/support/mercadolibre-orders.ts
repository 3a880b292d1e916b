/**
 * The sales half of the local Mercado Libre (`mercadolibre.ts`), from its documentation (site MLC):
 * orders (`GET /orders/{id}` in the `x-format-new` shape, `GET /orders/search`), the notices it
 * posts to the application's callback URL (`orders_v2`, no data, no signature) with the answer's
 * time measured — a notice not answered 200 within 500 ms is «missed», listed by `GET /missed_feeds`,
 * and after `DISABLE_AFTER` such answers in a row the topic is turned off — and packs' fiscal
 * documents (`POST /packs/{id}/fiscal_documents`, multipart `fiscal_document`, one PDF ≤ 1 MB).
 */
import type http from 'node:http';
import { randomUUID } from 'node:crypto';
import { sendJson } from './local-http';
import type { MlItem } from './mercadolibre';

/** Mercado Libre's promise: a notice answered later than this counts as not delivered. */
export const NOTICE_DEADLINE_MS = 500;
/** Answers missed in a row before the topic is turned off. */
export const DISABLE_AFTER = 20;
const MAX_DOCUMENT_BYTES = 1024 * 1024;

export interface MlOrderRecord {
  id: number;
  status: 'paid' | 'cancelled' | 'confirmed';
  date_created: string;
  date_closed: string;
  pack_id: number | null;
  total_amount: number;
  currency_id: 'CLP';
  seller: { id: number };
  buyer: { id: number; nickname: string; first_name?: string; last_name?: string };
  order_items: {
    item: {
      id: string;
      title: string;
      variation_id: number | null;
      variation_attributes: { id: string; name: string; value_name: string }[];
    };
    quantity: number;
    unit_price: number;
    full_unit_price: number;
    currency_id: 'CLP';
  }[];
  payments: { id: number; status: 'approved'; transaction_amount: number }[];
  shipping: { id: number };
  tags: string[];
}

interface Notice {
  _id: string;
  resource: string;
  user_id: number;
  topic: string;
  application_id: number;
  attempts: number;
  sent: string;
  received: string;
}

export interface NoticeStats {
  sent: number;
  /** Answered 200 within the deadline. */
  delivered: number;
  /** Answered late, not 200, or not at all. */
  missed: number;
  /** Callback URLs whose topic was turned off after too many misses in a row. */
  disabled: string[];
  /** Missed since the last delivered one, per callback URL. */
  inARow: Record<string, number>;
  /** Every answer's time, in ms. */
  times: number[];
}

export interface SalesState {
  orders: MlOrderRecord[];
  /** Each pack's fiscal documents: id, type, size and the file's first bytes. */
  packs: Map<string, { id: string; file_type: string; size: number; head: string }[]>;
  missed: Notice[];
  notices: NoticeStats;
  callbackUrl: string | null;
  /** How long `GET /orders/{id}` takes to answer (a slow Mercado Libre), and how often it was read. */
  orderDelayMs: number;
  orderReads: number;
}

export function salesState(): SalesState {
  return {
    orders: [],
    packs: new Map(),
    missed: [],
    notices: { sent: 0, delivered: 0, missed: 0, disabled: [], inARow: {}, times: [] },
    callbackUrl: null,
    orderDelayMs: 0,
    orderReads: 0,
  };
}

let nextOrder = 2_000_000_000_001;

/** A sale as a buyer makes it at Mercado Libre: paid, its listing's quantity taken there. */
export function sell(
  state: SalesState,
  items: MlItem[],
  sale: {
    item: string;
    variation?: number;
    quantity?: number;
    buyer?: { nickname?: string; first_name?: string; last_name?: string };
    pack?: boolean;
    /** Sold past the listing's count: Mercado Libre had not yet heard Impulsa's lower stock. */
    oversell?: boolean;
  },
): MlOrderRecord | string {
  const item = items.find((i) => i.id === sale.item);
  if (!item) return `item ${sale.item} not found`;
  const variation = sale.variation ? item.variations.find((v) => v.id === sale.variation) : null;
  if (sale.variation && !variation) return `variation ${sale.variation} not found`;
  const quantity = sale.quantity ?? 1;
  const holder = variation ?? item;
  if (holder.available_quantity < quantity && !sale.oversell) return 'not enough quantity';
  const taken = Math.min(quantity, holder.available_quantity);
  holder.available_quantity -= taken;
  if (variation) item.available_quantity -= taken;
  const id = nextOrder++;
  const price = variation?.price ?? item.price;
  const now = new Date().toISOString();
  const order: MlOrderRecord = {
    id,
    status: 'paid',
    date_created: now,
    date_closed: now,
    pack_id: sale.pack ? id + 1_000_000 : null,
    total_amount: price * quantity,
    currency_id: 'CLP',
    seller: { id: item.seller_id },
    buyer: {
      id: 5_550_000 + (id % 1000),
      nickname: sale.buyer?.nickname ?? 'COMPRADORA.TEST',
      ...(sale.buyer?.first_name !== undefined && { first_name: sale.buyer.first_name }),
      ...(sale.buyer?.last_name !== undefined && { last_name: sale.buyer.last_name }),
    },
    order_items: [
      {
        item: {
          id: item.id,
          title: item.title,
          variation_id: variation?.id ?? null,
          variation_attributes: variation?.attribute_combinations ?? [],
        },
        quantity,
        unit_price: price,
        full_unit_price: price,
        currency_id: 'CLP',
      },
    ],
    payments: [{ id: id + 7, status: 'approved', transaction_amount: price * quantity }],
    shipping: { id: id + 9 },
    tags: ['paid', 'not_delivered'],
  };
  state.orders.push(order);
  return order;
}

/** The notice of `order`, as Mercado Libre writes it. */
export function noticeOf(order: MlOrderRecord, applicationId: number): Notice {
  const now = new Date().toISOString();
  return {
    _id: randomUUID(),
    resource: `/orders/${order.id}`,
    user_id: order.seller.id,
    topic: 'orders_v2',
    application_id: applicationId,
    attempts: 1,
    sent: now,
    received: now,
  };
}

/**
 * Posts `notice` to the callback URL and times the answer; late, refused or lost → missed. With
 * `lost`, the notice is not sent at all (a network that dropped it), only listed as missed;
 * `callback`: this test's server rather than the application's URL.
 */
export async function deliver(
  state: SalesState,
  notice: Notice,
  options: { lost?: boolean; callback?: string } = {},
): Promise<{ status: number; ms: number }> {
  const callback = options.callback ?? state.callbackUrl;
  if (options.lost || !callback || state.notices.disabled.includes(callback)) {
    state.missed.push(notice);
    return { status: 0, ms: 0 };
  }
  state.notices.sent++;
  const started = performance.now();
  let status: number;
  try {
    const res = await fetch(callback, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(notice),
      signal: AbortSignal.timeout(5_000),
    });
    status = res.status;
    await res.arrayBuffer();
  } catch {
    status = 0;
  }
  const ms = performance.now() - started;
  state.notices.times.push(ms);
  if (status === 200 && ms <= NOTICE_DEADLINE_MS) {
    state.notices.delivered++;
    state.notices.inARow[callback] = 0;
    return { status, ms };
  }
  state.notices.missed++;
  state.missed.push(notice);
  const inARow = (state.notices.inARow[callback] ?? 0) + 1;
  state.notices.inARow[callback] = inARow;
  if (inARow >= DISABLE_AFTER) state.notices.disabled.push(callback);
  return { status, ms };
}

/** The routes of the sales half; false when `path` is not one of them. */
export async function salesRoute(
  state: SalesState,
  req: http.IncomingMessage,
  url: URL,
  raw: Buffer,
  res: http.ServerResponse,
  caller: { userId: number } | null,
  applicationId: number,
): Promise<boolean> {
  const path = url.pathname;
  if (
    !path.startsWith('/orders') &&
    !path.startsWith('/packs/') &&
    !path.startsWith('/missed_feeds')
  )
    return false;
  if (!caller) {
    sendJson(res, 401, { message: 'invalid access token', error: 'unauthorized', status: 401 });
    return true;
  }
  const forbidden = () =>
    sendJson(res, 403, { message: 'Invalid caller.id', error: 'forbidden', status: 403 });
  if (req.method === 'GET' && path === '/missed_feeds') {
    if (url.searchParams.get('app_id') !== String(applicationId)) return (forbidden(), true);
    const topic = url.searchParams.get('topic');
    const messages = state.missed.filter((m) => !topic || m.topic === topic);
    sendJson(res, 200, { messages, total: messages.length });
    return true;
  }
  if (req.method === 'GET' && path === '/orders/search') {
    if (url.searchParams.get('seller') !== String(caller.userId)) return (forbidden(), true);
    const status = url.searchParams.get('order.status');
    const mine = state.orders
      .filter((o) => o.seller.id === caller.userId && (!status || o.status === status))
      .sort((a, b) => b.date_created.localeCompare(a.date_created) || b.id - a.id);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Math.min(Number(url.searchParams.get('limit') ?? 50), 51);
    sendJson(res, 200, {
      query: String(caller.userId),
      results: mine.slice(offset, offset + limit),
      paging: { total: mine.length, offset, limit },
    });
    return true;
  }
  const one = /^\/orders\/(\d+)$/.exec(path);
  if (req.method === 'GET' && one) {
    state.orderReads++;
    if (state.orderDelayMs) await new Promise((r) => setTimeout(r, state.orderDelayMs));
    const order = state.orders.find((o) => o.id === Number(one[1]));
    if (!order) sendJson(res, 404, { message: 'Order not found', error: 'not_found', status: 404 });
    else if (order.seller.id !== caller.userId) forbidden();
    else sendJson(res, 200, order);
    return true;
  }
  const pack = /^\/packs\/(\d+)\/fiscal_documents$/.exec(path);
  if (pack) {
    const order = state.orders.find((o) => String(o.pack_id ?? o.id) === pack[1]);
    if (!order) {
      sendJson(res, 404, { message: 'Pack not found', error: 'not_found', status: 404 });
      return true;
    }
    if (order.seller.id !== caller.userId) return (forbidden(), true);
    const docs = state.packs.get(pack[1]!) ?? [];
    if (req.method === 'GET') {
      sendJson(res, 200, {
        fiscal_documents: docs.map((d) => ({ id: d.id, file_type: d.file_type })),
      });
      return true;
    }
    if (req.method === 'POST') {
      upload(req, raw, res, docs, caller.userId);
      state.packs.set(pack[1]!, docs);
      return true;
    }
  }
  sendJson(res, 404, { message: 'resource not found', error: 'not_found', status: 404 });
  return true;
}

/** One multipart `fiscal_document`, a PDF of at most 1 MB, the pack's first. */
function upload(
  req: http.IncomingMessage,
  raw: Buffer,
  res: http.ServerResponse,
  docs: { id: string; file_type: string; size: number; head: string }[],
  userId: number,
) {
  const bad = (message: string, error: string) =>
    sendJson(res, 400, { message, error, status: 400, cause: [] });
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(req.headers['content-type'] ?? '');
  if (!boundary) return bad('Content-Type must be multipart/form-data', 'bad_request');
  const part = partNamed(raw, `--${boundary[1] ?? boundary[2]}`, 'fiscal_document');
  if (!part) return bad('fiscal_document is required', 'bad_request');
  if (part.type !== 'application/pdf' && part.type !== 'application/xml')
    return bad('Invalid file type', 'invalid_file_type');
  if (part.body.length > MAX_DOCUMENT_BYTES) return bad('File exceeds 1 MB', 'invalid_file_size');
  if (docs.some((d) => d.file_type === part.type))
    return bad('The pack already has a fiscal document', 'fiscal_document_already_exists');
  const id = `${userId}_${randomUUID()}`;
  docs.push({
    id,
    file_type: part.type,
    size: part.body.length,
    head: part.body.subarray(0, 5).toString('latin1'),
  });
  sendJson(res, 200, { ids: [id] });
}

function partNamed(raw: Buffer, boundary: string, name: string) {
  let at = raw.indexOf(boundary);
  while (at !== -1) {
    const next = raw.indexOf(boundary, at + boundary.length);
    if (next === -1) return null;
    const part = raw.subarray(at + boundary.length + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, split).toString('utf8');
    if (new RegExp(`name="${name}"`).test(head)) {
      const type = /content-type:\s*([^\r\n;]+)/i.exec(head)?.[1]?.trim() ?? '';
      return { type, body: part.subarray(split + 4) };
    }
    at = next;
  }
  return null;
}
