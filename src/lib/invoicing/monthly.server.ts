/**
 * The month's tax documents of one seller: sums per type over the documents' own dates (the
 * `(seller_id, document_date)` index), the paid orders of the month without one, and the list for
 * the CSV. Emitted documents only: one pending or refused is not declared yet.
 */
import { and, asc, between, count, eq, gte, lt, sql, sum } from 'drizzle-orm';
import type { DteType } from '@/lib/invoicing/dte';
import {
  addMonths,
  currentMonth,
  monthDays,
  MONTH_MESSAGE,
  monthStart,
  parseMonth,
  summarise,
  type Month,
  type MonthDocument,
  type MonthlySummary,
} from '@/lib/invoicing/monthly';
import { undocumented } from '@/lib/invoicing/undocumented.server';
import type { Db } from '@/lib/server/db/client';
import { orders, taxDocuments } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';

const emittedIn = (sellerId: number, month: Month) => {
  const { first, last } = monthDays(month);
  return and(
    eq(taxDocuments.sellerId, sellerId),
    between(taxDocuments.documentDate, first, last),
    eq(taxDocuments.status, 'emitida'),
  );
};

const int = (column: Parameters<typeof sum>[0]) =>
  sql<number>`coalesce(${sum(column)}, 0)`.mapWith(Number);

export async function monthlySummary(
  db: Db,
  sellerId: number,
  month: Month,
): Promise<MonthlySummary> {
  const [start, end] = [monthStart(month), monthStart(addMonths(month, 1))];
  const [sums, [missing]] = await Promise.all([
    db
      .select({
        type: taxDocuments.dteType,
        count: count(),
        neto: int(taxDocuments.neto),
        iva: int(taxDocuments.iva),
        exento: int(taxDocuments.exento),
        total: int(taxDocuments.total),
      })
      .from(taxDocuments)
      .where(emittedIn(sellerId, month))
      .groupBy(taxDocuments.dteType),
    db
      .select({ count: count(), total: int(orders.total) })
      .from(orders)
      .where(and(undocumented(sellerId), gte(orders.paidAt, start), lt(orders.paidAt, end))),
  ]);
  return summarise(
    month,
    sums.map((s) => ({ ...s, count: Number(s.count) })),
    { count: Number(missing?.count ?? 0), total: missing?.total ?? 0 },
  );
}

/** The month's emitted documents, oldest first. */
export async function monthDocuments(
  db: Db,
  sellerId: number,
  month: Month,
): Promise<MonthDocument[]> {
  const rows = await db
    .select({
      date: taxDocuments.documentDate,
      type: taxDocuments.dteType,
      folio: taxDocuments.folio,
      order_number: orders.number,
      neto: taxDocuments.neto,
      iva: taxDocuments.iva,
      exento: taxDocuments.exento,
      total: taxDocuments.total,
      by_hand: taxDocuments.byHand,
    })
    .from(taxDocuments)
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .where(emittedIn(sellerId, month))
    .orderBy(asc(taxDocuments.documentDate), asc(taxDocuments.id));
  return rows.map((r) => ({ ...r, type: r.type as DteType, folio: r.folio ?? 0 }));
}

/** The month a request names (`?month=` or the page's `?mes=`): this one in Chile when none; 400 else. */
export function monthParam(url: URL, name = 'month'): Month {
  const raw = url.searchParams.get(name);
  if (!raw) return currentMonth();
  const month = parseMonth(raw);
  if (!month) throw new HttpError(400, MONTH_MESSAGE, { errors: { [name]: [MONTH_MESSAGE] } });
  return month;
}
