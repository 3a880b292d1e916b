import type { APIRoute } from 'astro';
import { eq } from 'drizzle-orm';
import { cartToken, emptyCart, syncCartCounts } from '@/lib/orders/cart.server';
import { paymentNotFound } from '@/lib/orders/payment-not-found';
import { confirmOrder, orderByReference } from '@/lib/orders/providers/confirm.server';
import { referenceOf } from '@/lib/orders/providers/reference';
import { PAY_PATHS, receiptPath } from '@/lib/orders/urls';
import { orderIdByReceipt } from '@/lib/orders/view.server';
import { getDb } from '@/lib/server/db/client';
import { orders } from '@/lib/server/db/schema';
import { BODY_LIMITS, readCapped } from '@/lib/server/http/json';
import { log } from '@/lib/server/log';

const seeOther = (location: string) =>
  new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });

/**
 * `/pay/vuelta/flow`: Flow's `urlReturn`. Flow posts the buyer back with `token`; the payment is
 * asked of Flow here (never read from the post), so the receipt says at once what happened. The
 * post comes from Flow's site without the cart cookie, so it goes on by a GET on our own host,
 * which empties the cart of a paid order and shows the receipt. An unknown token is a 404.
 */
export const POST: APIRoute = async ({ request }) => {
  const form = new URLSearchParams((await readCapped(request, BODY_LIMITS.auth)).toString('utf8'));
  const token = referenceOf(form, 'token');
  const db = await getDb();
  const row = token ? await orderByReference(db, 'flow', token) : null;
  if (!row) return paymentNotFound('Flow');
  if (row.status === 'pendiente_pago')
    await confirmOrder(db, row.id).catch((error: unknown) =>
      // Flow did not answer: the receipt says the payment is being confirmed; the notification's
      // job and the reconciliation settle it.
      log.warn('flow status failed on return', {
        order: row.id,
        error: error instanceof Error ? error.message : String(error),
      }),
    );
  return seeOther(`${PAY_PATHS.providerReturn('flow')}?orden=${row.receiptToken}`);
};

export const GET: APIRoute = async ({ url, cookies }) => {
  const db = await getDb();
  const id = await orderIdByReceipt(db, url.searchParams.get('orden') ?? '');
  if (id === null) return paymentNotFound('Flow');
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  const cart = cartToken(cookies, url, false);
  if (row!.paidAt && cart) {
    await emptyCart(db, cart, row!.sellerId);
    await syncCartCounts(db, cookies, url, cart);
  }
  return seeOther(receiptPath(row!.receiptToken));
};
