/**
 * Paying by card an order that waits for a transfer or a WhatsApp chat (issue 51): the order a
 * seller took in a chat, or a buyer who changed their mind. From the receipt page the buyer picks
 * one of the shop's card providers; the order becomes that provider's for the provider's hold,
 * and falls back to its first way if the payment does not happen (`card-fallback.server.ts`).
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { isRedirectProvider } from '@/lib/shop/payment-methods';
import { cardHoldMs, startProviderPayment, startWebpayPayment } from '@/lib/payments/start.server';
import {
  HAND_PAID_METHODS,
  paidByProvider,
  type CardMethod,
  type PaymentMethod,
} from '@/lib/shop/payment-methods';
import { receiptPath } from '@/lib/orders/urls';
import { type OrderRow } from '@/lib/orders/view.server';
import { shopCheckout, type ShopCheckout } from '@/lib/shop/shop-checkout.server';
import type { Db } from '@/lib/server/db/client';
import { orders } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';

export const NOT_FOUND = 'No encontramos ese pedido.';
export const NOT_WAITING = 'Este pedido ya no espera un pago.';
export const NOT_OFFERED = 'Esta tienda no recibe ese medio de pago.';

/** The card methods the receipt of `row` offers: the shop's, while the order waits for a transfer or a chat. */
export function cardMethodsFor(row: OrderRow, shop: ShopCheckout, now = Date.now()): CardMethod[] {
  const waiting =
    row.status === 'pendiente_pago' &&
    HAND_PAID_METHODS.includes(row.paymentMethod as PaymentMethod) &&
    row.expiresAt !== null &&
    row.expiresAt.getTime() > now;
  return waiting ? shop.paymentMethods.filter(paidByProvider) : [];
}

/** Where the buyer goes to pay: the provider's page, or the receipt's Webpay button (a POST only a form can make). */
export interface CardPayment {
  redirect: string;
}

/**
 * Starts paying the order behind `receiptToken` with `method`. Asking again for the same method
 * while that payment is open leads to the same payment; never a second one.
 */
export async function payByCard(
  db: Db,
  receiptToken: string,
  method: CardMethod,
): Promise<CardPayment> {
  const [row] = await db.select().from(orders).where(eq(orders.receiptToken, receiptToken));
  if (!row) throw new HttpError(404, NOT_FOUND);
  const open = openAttempt(row, method);
  if (open) return open;
  const shop = (await shopCheckout(db, row.sellerId))!;
  if (!cardMethodsFor(row, shop).includes(method)) {
    if (
      row.status !== 'pendiente_pago' ||
      !HAND_PAID_METHODS.includes(row.paymentMethod as PaymentMethod)
    )
      throw new HttpError(409, NOT_WAITING);
    throw new HttpError(400, NOT_OFFERED, { errors: { metodo: [NOT_OFFERED] } });
  }
  const holdMs = cardHoldMs(method);
  // One conditional UPDATE claims the order: of two presses, one starts the payment.
  const [claimed] = await db
    .update(orders)
    .set({
      paymentMethod: method,
      fallbackMethod: sql`${orders.paymentMethod}`,
      fallbackExpiresAt: sql`${orders.expiresAt}`,
      expiresAt: sql`least(${orders.expiresAt}, now() + ${holdMs} * interval '1 millisecond')`,
      webpayState: method === 'webpay' ? 'created' : null,
      // Each try its own reference at the provider (the version only grows).
      paymentReference: sql`${orders.number} || '-' || ${orders.version}`,
      reason: null,
      version: sql`${orders.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(orders.id, row.id),
        eq(orders.status, 'pendiente_pago'),
        inArray(orders.paymentMethod, HAND_PAID_METHODS),
        gt(orders.expiresAt, sql`now()`),
      ),
    )
    .returning();
  if (!claimed) {
    const [now] = await db.select().from(orders).where(eq(orders.id, row.id));
    const other = now && openAttempt(now, method);
    if (other) return other;
    throw new HttpError(409, NOT_WAITING);
  }
  const left = Math.max(1000, claimed.expiresAt!.getTime() - Date.now());
  if (isRedirectProvider(method))
    return {
      redirect: (await startProviderPayment(db, claimed, method, claimed.origin, left)).url,
    };
  await startWebpayPayment(db, claimed, claimed.origin);
  return { redirect: `${receiptPath(claimed.receiptToken)}#pagar` };
}

/** The payment already open (or opening) for `method` on this order, if any. */
function openAttempt(row: OrderRow, method: CardMethod): CardPayment | null {
  if (row.status !== 'pendiente_pago' || row.paymentMethod !== method || !row.fallbackMethod)
    return null;
  return {
    redirect:
      isRedirectProvider(method) && row.paymentUrl
        ? row.paymentUrl
        : `${receiptPath(row.receiptToken)}#pagar`,
  };
}
