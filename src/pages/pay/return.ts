import type { APIRoute } from 'astro';
import { cartToken, emptyCart, syncCartCounts } from '@/lib/checkout/cart.server';
import { webpayReturn, type WebpayReturn } from '@/lib/payments/settle.server';
import { paymentNotFound } from '@/lib/payments/not-found';
import { referenceOf } from '@/lib/payments/reference';
import { receiptPath } from '@/lib/orders/urls';
import { getDb } from '@/lib/server/db/client';
import { BODY_LIMITS, readCapped } from '@/lib/server/http/json';

const FIELDS = ['token_ws', 'TBK_TOKEN', 'TBK_ORDEN_COMPRA', 'TBK_ID_SESION'] as const;

/**
 * `/pay/return`: where Webpay sends the buyer back: by GET after a payment (approved or not), by
 * POST when they cancel or time runs out. Commits once and goes to the order's receipt, which
 * says what happened; a reload or a second return changes nothing. An unknown token is a 404.
 */
async function handle(
  request: Request,
  url: URL,
  cookies: Parameters<APIRoute>[0]['cookies'],
): Promise<Response> {
  const params: WebpayReturn = {};
  const source =
    request.method === 'POST'
      ? new URLSearchParams((await readCapped(request, BODY_LIMITS.auth)).toString('utf8'))
      : url.searchParams;
  // Webpay's values are short printable ASCII; anything else (a NUL, which PostgreSQL refuses)
  // matches no payment: the 404 below, never a 500.
  for (const field of FIELDS) params[field] = referenceOf(source, field);
  const db = await getDb();
  const { outcome, row } = await webpayReturn(db, params);
  if (!row) return paymentNotFound('Webpay');
  // Paid: the cart is done (the GET from Webpay carries the cart cookie; a POST does not, and is never a payment).
  const token = cartToken(cookies, url, false);
  if (outcome === 'paid' && token) {
    await emptyCart(db, token, row.sellerId);
    await syncCartCounts(db, cookies, url, token);
  }
  return new Response(null, {
    status: 303,
    headers: { Location: receiptPath(row.receiptToken), 'Cache-Control': 'no-store' },
  });
}

export const GET: APIRoute = ({ request, url, cookies }) => handle(request, url, cookies);
export const POST: APIRoute = ({ request, url, cookies }) => handle(request, url, cookies);
