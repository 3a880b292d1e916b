/** The buyer back from a provider's page: the payment asked of the provider, the cart emptied once paid. */
import type { AstroCookies } from 'astro';
import { cartToken, emptyCart, syncCartCounts } from '@/lib/checkout/cart.server';
import { confirmRow } from '@/lib/payments/confirm.server';
import { receiptPath } from '@/lib/orders/urls';
import type { OrderRow } from '@/lib/orders/view.server';
import type { Db } from '@/lib/server/db/client';
import { log } from '@/lib/server/log';

export const seeOther = (location: string) =>
  new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });

/**
 * Asks the provider about a pending order, so the receipt says at once what happened. When the
 * provider does not answer, the receipt says the payment is being confirmed; the notification's
 * job and the reconciliation settle it.
 */
export async function askOnReturn(db: Db, row: OrderRow): Promise<OrderRow> {
  if (row.status !== 'pendiente_pago') return row;
  try {
    return await confirmRow(db, row);
  } catch (error) {
    log.warn('provider status failed on return', {
      order: row.id,
      error: error instanceof Error ? error.message : String(error),
    });
    return row;
  }
}

/** On our own host, with the cart cookie: a paid order's cart is done; then its receipt. */
export async function toReceipt(
  db: Db,
  row: OrderRow,
  cookies: AstroCookies,
  url: URL,
): Promise<Response> {
  const cart = cartToken(cookies, url, false);
  if (row.paidAt && cart) {
    await emptyCart(db, cart, row.sellerId);
    await syncCartCounts(db, cookies, url, cart);
  }
  return seeOther(receiptPath(row.receiptToken));
}
