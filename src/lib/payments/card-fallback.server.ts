/**
 * A transfer or WhatsApp order whose buyer chose a card on its receipt page (`receipt-pay.server.ts`)
 * is not lost when that card payment does not happen: it goes back to waiting for the transfer or
 * the chat, with its first hold, and its buyer may try again. `settle` asks here before it rejects.
 */
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { recordEvent } from '@/lib/orders/timeline.server';
import type { OrderRow } from '@/lib/orders/view.server';
import type { Db } from '@/lib/server/db/client';
import type { Tx } from '@/lib/server/db/handle';
import { orders } from '@/lib/server/db/schema';

/**
 * Sends a failed card attempt back to the order's first way to pay (null: the order made no
 * such attempt, or its first hold is over too and it lapses as any order does). The provider's
 * token stays, so the buyer's way back from the provider still finds the order (its notification
 * may have come first); the rest goes, and a second attempt starts afresh.
 */
export async function fallBack(
  tx: Db | Tx,
  order: Pick<OrderRow, 'id' | 'paymentMethod'>,
  reason: string | undefined,
) {
  const [row] = await tx
    .update(orders)
    .set({
      paymentMethod: sql`${orders.fallbackMethod}`,
      expiresAt: sql`${orders.fallbackExpiresAt}`,
      fallbackMethod: null,
      fallbackExpiresAt: null,
      webpayToken: null,
      webpayUrl: null,
      webpayState: null,
      paymentUrl: null,
      paymentReference: null,
      reason: reason ?? null,
      version: sql`${orders.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(orders.id, order.id),
        eq(orders.status, 'pendiente_pago'),
        eq(orders.paymentMethod, order.paymentMethod),
        isNotNull(orders.fallbackMethod),
        gt(orders.fallbackExpiresAt, sql`now()`),
      ),
    )
    .returning();
  if (row) await recordEvent(tx, order.id, 'pendiente_pago', reason ?? null);
  return row ?? null;
}
