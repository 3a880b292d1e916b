/**
 * «Pedidos sin pagar»: the seller's orders waiting for their payment, and those that lapsed
 * unpaid in the last two weeks, each with a WhatsApp message ready for its buyer (the receipt's
 * link while it can still be paid, the recovery link once it lapsed). A buyer who has ordered
 * again since is left out: they are no longer waiting for a nudge.
 */
import { and, count, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { buyerMessage } from '@/lib/orders/buyer-message';
import { recoveryUrl } from '@/lib/orders/recovery-mail.server';
import { receiptPath } from '@/lib/orders/urls';
import { orderPage } from '@/lib/orders/book.server';
import type { OrderRow, OrderView } from '@/lib/orders/view.server';
import { whatsappLink } from '@/lib/shop/whatsapp';
import type { Db } from '@/lib/server/db/client';
import { orders } from '@/lib/server/db/schema';

/** How far back a lapsed order is still worth a message. */
export const UNPAID_DAYS = 14;

export interface UnpaidOrder {
  order: OrderView;
  /** It lapsed (its stock went back); false: still waiting for its payment. */
  lapsed: boolean;
  /** A wa.me link with the message written; null when the buyer left no phone. */
  whatsapp: string | null;
}

const later = sql`exists (select 1 from ${orders} as "later"
  where "later"."seller_id" = ${orders.sellerId}
  and lower("later"."buyer_email") = lower(${orders.buyerEmail})
  and "later"."id" > ${orders.id}
  and "later"."status" not in ('rechazado', 'cancelado'))`;

/**
 * A lapsed order: settled as cancelled or rejected once its hold had ended (a seller's own cancel
 * or a declined card comes before it), never paid.
 */
const lapsedUnpaid = and(
  inArray(orders.status, ['cancelado', 'rechazado']),
  isNull(orders.paidAt),
  sql`${orders.expiresAt} <= ${orders.updatedAt}`,
  sql`${orders.updatedAt} > now() - make_interval(days => ${UNPAID_DAYS})`,
);

/** The message a seller sends: who writes, which order, and where to finish it. */
export function unpaidMessage(row: OrderRow, shopName: string, lapsed: boolean): string {
  const link = lapsed ? recoveryUrl(row) : row.origin + receiptPath(row.receiptToken);
  return buyerMessage({ ...row, shopName, link }, lapsed ? 'recover' : 'remind');
}

/** The seller's unpaid orders, as a condition. */
const unpaidOf = (sellerId: number) =>
  and(
    eq(orders.sellerId, sellerId),
    isNull(orders.buyerAnonymisedAt),
    or(eq(orders.status, 'pendiente_pago'), lapsedUnpaid),
    sql`not ${later}`,
  );

/** How many there are (the order book's «Sin pagar» tab). */
export async function unpaidTotal(db: Db, sellerId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(unpaidOf(sellerId));
  return Number(row?.n ?? 0);
}

/** A page of the seller's unpaid orders, newest first. */
export async function unpaidOrders(
  db: Db,
  seller: { id: number; shopName: string },
  page: number,
  pageSize: number,
): Promise<{ total: number; results: UnpaidOrder[] }> {
  const { total, rows } = await orderPage(db, unpaidOf(seller.id), page, pageSize);
  return {
    total,
    results: rows.map(({ row, view }) => {
      const lapsed = row.status !== 'pendiente_pago';
      return {
        order: view,
        lapsed,
        whatsapp: row.buyerPhone
          ? whatsappLink(row.buyerPhone, unpaidMessage(row, seller.shopName, lapsed))
          : null,
      };
    }),
  };
}
