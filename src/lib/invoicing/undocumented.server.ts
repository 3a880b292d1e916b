/**
 * Paid orders still without their tax document (none emitted, by a provider or by hand): what the
 * dashboard counts, the order book filters and the monthly declaration lists. One condition, so
 * the three agree.
 */
import { count, sql, type SQL } from 'drizzle-orm';
import { DTE } from '@/lib/invoicing/dte';
import { addMonths, currentMonth, monthStart } from '@/lib/invoicing/monthly';
import type { Db } from '@/lib/server/db/client';
import type { JsonPart } from '@/lib/server/db/queries';
import { orders, taxDocuments } from '@/lib/server/db/schema';

/** The seller's paid, uncancelled orders with no emitted sale document. */
export const undocumented = (sellerId: number | SQL): SQL =>
  sql`${orders.sellerId} = ${sellerId} and ${orders.paidAt} is not null and ${orders.status} <>
    'cancelado' and not exists (select 1 from ${taxDocuments} where ${taxDocuments.orderId} =
    ${orders.id} and ${taxDocuments.dteType} <> ${DTE.notaCredito} and ${taxDocuments.status} =
    'emitida')`;

/** The first instant of the month before this one, in Chile: the months still to declare. */
const openMonthsStart = () => monthStart(addMonths(currentMonth(), -1));

/** The dashboard: paid orders of this month and the last without a document, as a part. */
export function undocumentedPart(sellerId: number): JsonPart<number> {
  return {
    sql: sql`select count(*) from ${orders} where ${undocumented(sellerId)} and ${orders.paidAt} >=
      ${openMonthsStart().toISOString()}::timestamptz`,
    read: (n: number) => Number(n),
  };
}

/** How many of the seller's paid orders have no tax document (the order book's «Sin boleta»). */
export async function undocumentedCount(db: Db, sellerId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(undocumented(sellerId));
  return Number(row?.n ?? 0);
}
