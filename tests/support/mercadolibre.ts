/**
 * A local server that speaks Mercado Libre's OAuth 2.0 and API (developers.mercadolibre.cl, site
 * MLC), written from its documentation, for issue 66. `/authorization` sends the seller back to the
 * application's `redirect_uri` with a `code` and the `state` it was given (the seller consents at
 * once, as the test user); `POST /oauth/token` (form body) exchanges a code once, for the same
 * `redirect_uri`, and refreshes with a **single-use** refresh token (an old one → 400
 * `invalid_grant`); access tokens last `expiresIn` seconds (6 h by default). `/users/me` answers
 * the token's user, 401 without a live one. `/__debug/…` lets tests expire tokens, revoke a grant
 * and count the token calls.
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { listenLocal, readRaw, sendJson } from './local-http';
import { catalogRoute } from './mercadolibre-catalog';
import {
  deliver,
  noticeOf,
  salesRoute,
  salesState,
  sell,
  type SalesState,
} from './mercadolibre-orders';

export const MERCADOLIBRE_CLIENT_ID = '8412937465120034';
export const MERCADOLIBRE_CLIENT_SECRET = 'ml-secret-Xy7Qp2Lm9Vt4';
/** The seller the authorization signs in as. */
export const ML_SELLER = { id: 1_234_567_890, nickname: 'GREDADELSUR' };

export interface MlVariation {
  id: number;
  available_quantity: number;
  price: number;
  attribute_combinations: { id: string; name: string; value_name: string }[];
  attributes: { id: string; value_name: string }[];
}

export interface MlItem {
  id: string;
  seller_id: number;
  title: string;
  price: number;
  currency_id: 'CLP';
  available_quantity: number;
  status: 'active' | 'paused' | 'closed';
  attributes: { id: string; value_name: string }[];
  variations: MlVariation[];
}

/** The Impulsa product that matches the sample listing with sizes (M by SKU, L by name). */
export const POLERA = {
  name: 'Polera de algodón orgánico',
  price: 15990,
  published: true,
  options: [{ name: 'Talla', values: ['M', 'L'] }],
  variants: [
    { values: ['M'], stock: 2, sku: 'POL-M' },
    { values: ['L'], stock: 6 },
  ],
};

/** The seller's listings the local Mercado Libre starts with: one plain, one with sizes, one closed. */
export function sampleItems(): MlItem[] {
  const base = { seller_id: ML_SELLER.id, currency_id: 'CLP' as const, status: 'active' as const };
  return [
    {
      ...base,
      id: 'MLC1000000001',
      title: 'Taza de greda esmaltada',
      price: 13990,
      available_quantity: 5,
      attributes: [
        { id: 'BRAND', value_name: 'Greda del Sur' },
        { id: 'GTIN', value_name: '7801234567894' },
      ],
      variations: [],
    },
    {
      ...base,
      id: 'MLC1000000002',
      title: 'Polera de algodón orgánico',
      price: 15990,
      available_quantity: 7,
      attributes: [],
      variations: [
        {
          id: 180001,
          available_quantity: 3,
          price: 15990,
          attribute_combinations: [{ id: 'SIZE', name: 'Talla', value_name: 'M' }],
          attributes: [{ id: 'SELLER_SKU', value_name: 'POL-M' }],
        },
        {
          id: 180002,
          available_quantity: 4,
          price: 15990,
          attribute_combinations: [{ id: 'SIZE', name: 'Talla', value_name: 'L' }],
          attributes: [{ id: 'SELLER_SKU', value_name: 'POL-L' }],
        },
      ],
    },
    {
      ...base,
      id: 'MLC1000000003',
      title: 'Cuenco',
      price: 9990,
      available_quantity: 0,
      status: 'closed',
      attributes: [],
      variations: [],
    },
  ];
}

interface Grant {
  userId: number;
  refresh: string;
  access: string;
  expiresAt: number;
  revoked: boolean;
}

export interface TestMercadoLibre {
  url: string;
  /** Token calls by grant type. */
  tokenCalls: { authorization_code: number; refresh_token: number };
  /** The seller's listings, as Mercado Libre holds them (PUTs change them). */
  items: MlItem[];
  /** Orders, notices and packs (`mercadolibre-orders.ts`). */
  sales: SalesState;
  close(): Promise<void>;
}

const token = (prefix: string) => `${prefix}-${randomBytes(12).toString('hex')}`;

/** Mercado Libre's error shape for OAuth. */
const oauthError = (res: http.ServerResponse, error: string, description: string) =>
  sendJson(res, 400, { message: description, error, status: 400, cause: [] });

export async function startMercadoLibre(
  options: { port?: number; callbackUrl?: string } = {},
): Promise<TestMercadoLibre> {
  let expiresIn = 21_600;
  const codes = new Map<string, { redirectUri: string; userId: number }>();
  /** Mercado Libre's users: ours, and test users (`/__debug/test-user`), each with its listings. */
  const users = new Map<number, string>([[ML_SELLER.id, ML_SELLER.nickname]]);
  const grants: Grant[] = [];
  const state: TestMercadoLibre = {
    url: '',
    tokenCalls: { authorization_code: 0, refresh_token: 0 },
    items: sampleItems(),
    sales: salesState(),
    close: async () => {},
  };
  state.sales.callbackUrl = options.callbackUrl ?? null;

  function issue(grant: Grant) {
    grant.access = token('APP_USR');
    grant.refresh = token('TG');
    grant.expiresAt = Date.now() + expiresIn * 1000;
    return {
      access_token: grant.access,
      token_type: 'Bearer',
      expires_in: expiresIn,
      scope: 'offline_access read write',
      user_id: grant.userId,
      refresh_token: grant.refresh,
    };
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://mercadolibre.local');
      const bytes = await readRaw(req);
      const raw = bytes.toString('utf8');
      if (url.pathname.startsWith('/__debug/')) return debug(url, raw, res);
      if (req.method === 'GET' && url.pathname === '/authorization') {
        const p = url.searchParams;
        const redirect = p.get('redirect_uri') ?? '';
        if (p.get('response_type') !== 'code' || p.get('client_id') !== MERCADOLIBRE_CLIENT_ID)
          return sendJson(res, 400, { message: 'invalid client_id', error: 'invalid_client' });
        if (!/^https?:\/\//.test(redirect))
          return sendJson(res, 400, { message: 'invalid redirect_uri', error: 'invalid_request' });
        // The account the person signs in with on Mercado Libre's page (a test user), else ours.
        const as = Number(p.get('as') ?? ML_SELLER.id);
        if (!users.has(as))
          return sendJson(res, 400, { message: 'unknown user', error: 'not_found' });
        const code = token('TG');
        codes.set(code, { redirectUri: redirect, userId: as });
        const back = new URL(redirect);
        back.searchParams.set('code', code);
        if (p.get('state')) back.searchParams.set('state', p.get('state')!);
        res.writeHead(302, { Location: back.href });
        return res.end();
      }
      if (req.method === 'POST' && url.pathname === '/oauth/token') return exchange(raw, res);
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const grant = grants.find((g) => g.access === bearer && !g.revoked);
      const live = grant && grant.expiresAt >= Date.now() ? grant : null;
      const appId = Number(MERCADOLIBRE_CLIENT_ID);
      if (await salesRoute(state.sales, req, url, bytes, res, live, appId)) return;
      if (catalogRoute(state.items, req, url, raw, res, live)) return;
      if (
        url.pathname === '/users/me' ||
        url.pathname.startsWith('/items') ||
        url.pathname.startsWith('/users/')
      ) {
        if (!live)
          return sendJson(res, 401, {
            message: 'invalid access token',
            error: 'unauthorized',
            status: 401,
            cause: [],
          });
      }
      if (req.method === 'GET' && url.pathname === '/users/me')
        return sendJson(res, 200, {
          id: live!.userId,
          nickname: users.get(live!.userId),
          site_id: 'MLC',
        });
      const search = /^\/users\/(\d+)\/items\/search$/.exec(url.pathname);
      if (req.method === 'GET' && search) {
        if (Number(search[1]) !== live!.userId)
          return sendJson(res, 403, { message: 'forbidden', error: 'forbidden', status: 403 });
        const status = url.searchParams.get('status');
        const mine = state.items.filter(
          (i) => i.seller_id === live!.userId && (!status || i.status === status),
        );
        const offset = Number(url.searchParams.get('offset') ?? 0);
        const limit = Math.min(Number(url.searchParams.get('limit') ?? 50), 100);
        return sendJson(res, 200, {
          seller_id: String(live!.userId),
          results: mine.slice(offset, offset + limit).map((i) => i.id),
          paging: { total: mine.length, offset, limit },
        });
      }
      if (req.method === 'GET' && url.pathname === '/items') {
        const ids = (url.searchParams.get('ids') ?? '').split(',').filter(Boolean);
        if (ids.length > 20)
          return sendJson(res, 400, { message: 'max 20 ids', error: 'bad_request', status: 400 });
        return sendJson(
          res,
          200,
          ids.map((id) => {
            const item = state.items.find((i) => i.id === id);
            return item
              ? { code: 200, body: item }
              : {
                  code: 404,
                  body: {
                    message: `Item with id ${id} not found`,
                    error: 'not_found',
                    status: 404,
                  },
                };
          }),
        );
      }
      const one = /^\/items\/(MLC\d+)$/.exec(url.pathname);
      if (one) {
        const item = state.items.find((i) => i.id === one[1]);
        if (!item)
          return sendJson(res, 404, { message: 'item not found', error: 'not_found', status: 404 });
        if (item.seller_id !== live!.userId && req.method !== 'GET')
          return sendJson(res, 403, { message: 'forbidden', error: 'forbidden', status: 403 });
        if (req.method === 'GET') return sendJson(res, 200, item);
        if (req.method === 'PUT') return update(item, raw, res);
      }
      return sendJson(res, 404, { message: 'resource not found', error: 'not_found', status: 404 });
    })();
  });

  /** `PUT /items/{id}`: `available_quantity` (an item without variations) or `variations[]`. */
  function update(item: MlItem, raw: string, res: http.ServerResponse) {
    let body: {
      available_quantity?: unknown;
      variations?: { id?: unknown; available_quantity?: unknown }[];
    };
    try {
      body = JSON.parse(raw) as typeof body;
    } catch {
      return sendJson(res, 400, { message: 'body is not JSON', error: 'bad_request', status: 400 });
    }
    const quantity = (v: unknown) =>
      Number.isInteger(v) && (v as number) >= 0 ? (v as number) : null;
    if (body.variations) {
      for (const change of body.variations) {
        const variation = item.variations.find((v) => v.id === change.id);
        const q = quantity(change.available_quantity);
        if (!variation || q === null)
          return sendJson(res, 400, {
            message: 'Validation error',
            error: 'validation_error',
            status: 400,
            cause: [{ code: 'item.variations.invalid', message: `variation ${String(change.id)}` }],
          });
        variation.available_quantity = q;
      }
      item.available_quantity = item.variations.reduce((n, v) => n + v.available_quantity, 0);
    } else {
      const q = quantity(body.available_quantity);
      if (q === null || item.variations.length)
        return sendJson(res, 400, {
          message: 'Validation error',
          error: 'validation_error',
          status: 400,
          cause: [],
        });
      item.available_quantity = q;
    }
    return sendJson(res, 200, item);
  }

  function exchange(raw: string, res: http.ServerResponse) {
    const form = new URLSearchParams(raw);
    if (
      form.get('client_id') !== MERCADOLIBRE_CLIENT_ID ||
      form.get('client_secret') !== MERCADOLIBRE_CLIENT_SECRET
    )
      return oauthError(res, 'invalid_client', 'invalid client_id or client_secret');
    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') {
      state.tokenCalls.authorization_code++;
      const code = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (!code || code.redirectUri !== form.get('redirect_uri'))
        return oauthError(
          res,
          'invalid_grant',
          'Error validating grant. Your authorization code or refresh token may be expired or it was already used',
        );
      const grant: Grant = {
        userId: code.userId,
        refresh: '',
        access: '',
        expiresAt: 0,
        revoked: false,
      };
      grants.push(grant);
      return sendJson(res, 200, issue(grant));
    }
    if (grantType === 'refresh_token') {
      state.tokenCalls.refresh_token++;
      const grant = grants.find((g) => g.refresh === form.get('refresh_token') && !g.revoked);
      // Single use: the pair it returns replaces it; the old one is refused from now on.
      if (!grant)
        return oauthError(
          res,
          'invalid_grant',
          'Error validating grant. Your authorization code or refresh token may be expired or it was already used',
        );
      return sendJson(res, 200, issue(grant));
    }
    return oauthError(res, 'unsupported_grant_type', 'unsupported grant_type');
  }

  /** The grants of `?user=` (ours by default): a test of one seller leaves the others' alone. */
  const grantsOf = (url: URL) =>
    grants.filter((g) => g.userId === Number(url.searchParams.get('user') ?? ML_SELLER.id));

  /**
   * `/__debug/expires-in?s=…` for tokens issued after; `/__debug/expire`: every token now dead;
   * `/__debug/revoke`; `/__debug/test-user`: a seller with its own listings, who consents when
   * the authorization is followed with `as={id}`; `/__debug/callback?url=`: the application's
   * callback URL; `/__debug/sell` (JSON `{item, variation?, quantity?, buyer?, pack?, lost?,
   * quiet?, oversell?, callback?}`): a buyer's sale, noticed (or lost, or not at all);
   * `/__debug/notify?order=&callback=`: its notice again; `/__debug/cancel?order=&callback=`: the
   * sale cancelled there; `/__debug/burst` (JSON `{orders, times, callback}`): their notices all
   * at once; `/__debug/order-delay?ms=`: a slow `GET /orders/{id}`; `/__debug/notices`,
   * `/__debug/orders`, `/__debug/packs`: what happened.
   */
  async function debug(url: URL, raw: string, res: http.ServerResponse) {
    const appId = Number(MERCADOLIBRE_CLIENT_ID);
    const sales = state.sales;
    if (url.pathname === '/__debug/expires-in')
      expiresIn = Number(url.searchParams.get('s') ?? 21_600);
    else if (url.pathname === '/__debug/expire') for (const g of grantsOf(url)) g.expiresAt = 0;
    else if (url.pathname === '/__debug/revoke') for (const g of grantsOf(url)) g.revoked = true;
    else if (url.pathname === '/__debug/items') return sendJson(res, 200, state.items);
    else if (url.pathname === '/__debug/reset-items')
      state.items = [...sampleItems(), ...state.items.filter((i) => i.seller_id !== ML_SELLER.id)];
    else if (url.pathname === '/__debug/callback') sales.callbackUrl = url.searchParams.get('url');
    else if (url.pathname === '/__debug/test-user') {
      // `POST /users/test_user` in Mercado Libre's words: a seller of its own, with the sample listings.
      const id = ML_SELLER.id + users.size;
      users.set(id, `TESTUSER${users.size}`);
      const items = sampleItems().map((item, i) => ({
        ...item,
        id: `MLC${3000000000 + users.size * 100 + i}`,
        seller_id: id,
      }));
      state.items.push(...items);
      return sendJson(res, 200, { id, nickname: users.get(id), items: items.map((i) => i.id) });
    } else if (url.pathname === '/__debug/notices') return sendJson(res, 200, sales.notices);
    else if (url.pathname === '/__debug/orders') return sendJson(res, 200, sales.orders);
    else if (url.pathname === '/__debug/packs')
      return sendJson(res, 200, Object.fromEntries(sales.packs));
    else if (url.pathname === '/__debug/sell') {
      const sale = JSON.parse(raw || '{}') as Parameters<typeof sell>[2] & {
        lost?: boolean;
        quiet?: boolean;
        callback?: string;
      };
      const order = sell(sales, state.items, sale);
      if (typeof order === 'string') return sendJson(res, 400, { message: order });
      if (sale.quiet) return sendJson(res, 200, { order, answer: null });
      const answer = await deliver(sales, noticeOf(order, appId), sale);
      return sendJson(res, 200, { order, answer });
    } else if (url.pathname === '/__debug/burst') {
      // Every order's notice `times` times, all at once: Mercado Libre's retries and a rush of sales.
      const { orders, times, callback } = JSON.parse(raw) as {
        orders: number[];
        times: number;
        callback: string;
      };
      const notices = orders.flatMap((id) => {
        const order = sales.orders.find((o) => o.id === id);
        return order ? Array.from({ length: times }, () => noticeOf(order, appId)) : [];
      });
      const answers = await Promise.all(notices.map((n) => deliver(sales, n, { callback })));
      return sendJson(res, 200, { answers });
    } else if (url.pathname === '/__debug/order-delay')
      sales.orderDelayMs = Number(url.searchParams.get('ms') ?? 0);
    else if (url.pathname === '/__debug/cancel') {
      // The sale cancelled at Mercado Libre: its units back on the listing, and its notice.
      const order = sales.orders.find((o) => o.id === Number(url.searchParams.get('order')));
      if (!order) return sendJson(res, 404, {});
      order.status = 'cancelled';
      for (const line of order.order_items) {
        const item = state.items.find((i) => i.id === line.item.id);
        const variation = item?.variations.find((v) => v.id === line.item.variation_id);
        if (variation) variation.available_quantity += line.quantity;
        if (item) item.available_quantity += line.quantity;
      }
      const callback = url.searchParams.get('callback') ?? undefined;
      return sendJson(res, 200, {
        answer: await deliver(sales, noticeOf(order, appId), { callback }),
      });
    } else if (url.pathname === '/__debug/notify') {
      const order = sales.orders.find((o) => o.id === Number(url.searchParams.get('order')));
      if (!order) return sendJson(res, 404, {});
      const callback = url.searchParams.get('callback') ?? undefined;
      return sendJson(res, 200, {
        answer: await deliver(sales, noticeOf(order, appId), { callback }),
      });
    } else if (url.pathname !== '/__debug/stats') return sendJson(res, 404, {});
    return sendJson(res, 200, { tokenCalls: state.tokenCalls });
  }

  const listening = await listenLocal(server, options.port ?? 0);
  state.url = listening.url;
  state.close = () => listening.close();
  return state;
}
