/**
 * The day's cierre de caja (issue 67): the counter's sales of one Santiago day, by means of
 * payment and by who sold, with each boleta's folio. Cancelled sales are listed but not counted.
 */
import { and, asc, eq, gte, isNotNull, lte, ne } from 'drizzle-orm';
import { toCsv } from '@/lib/csv';
import { chileDay, chileDayEdge, chileTimestamp } from '@/lib/dates';
import { IN_PERSON_NAMES, type InPersonMethod } from '@/lib/orders/schemas';
import type { Db } from '@/lib/server/db/client';
import { orders, taxDocuments, users } from '@/lib/server/db/schema';

/** The SII's type of a nota de crédito. */
const CREDIT_NOTE = 61;

export interface TillSale {
  id: number;
  number: string;
  at: string;
  total: number;
  method: InPersonMethod;
  /** Who sold it; null: an account that no longer exists. */
  by: string | null;
  /** The boleta's folio; null while it is pending. */
  folio: number | null;
  cancelled: boolean;
}

export interface Till {
  day: string;
  sales: TillSale[];
  total: number;
  byMethod: Record<InPersonMethod, number>;
  /** Who sold what, largest first. */
  bySeller: { name: string; count: number; total: number }[];
}

export async function tillOf(db: Db, shopId: number, day: string): Promise<Till> {
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      at: orders.createdAt,
      total: orders.total,
      method: orders.counterMethod,
      status: orders.status,
      by: users.fullName,
      folio: taxDocuments.folio,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.counterBy))
    // The sale's boleta, not the nota de crédito that may have cancelled it (type 61).
    .leftJoin(
      taxDocuments,
      and(eq(taxDocuments.orderId, orders.id), ne(taxDocuments.dteType, CREDIT_NOTE)),
    )
    .where(
      and(
        eq(orders.sellerId, shopId),
        isNotNull(orders.counterMethod),
        gte(orders.createdAt, chileDayEdge(day, 'start')),
        lte(orders.createdAt, chileDayEdge(day, 'end')),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id));
  const seen = new Map<number, TillSale>();
  for (const r of rows) {
    if (seen.has(r.id)) continue;
    seen.set(r.id, {
      id: r.id,
      number: r.number,
      at: r.at.toISOString(),
      total: r.total,
      method: r.method as InPersonMethod,
      by: r.by || null,
      folio: r.folio ?? null,
      cancelled: r.status === 'cancelado',
    });
  }
  const sales = [...seen.values()];
  const counted = sales.filter((s) => !s.cancelled);
  const byMethod = { efectivo: 0, transferencia: 0, tarjeta: 0 };
  const sellers = new Map<string, { name: string; count: number; total: number }>();
  for (const s of counted) {
    byMethod[s.method] += s.total;
    const name = s.by ?? 'Cuenta eliminada';
    const entry = sellers.get(name) ?? { name, count: 0, total: 0 };
    entry.count += 1;
    entry.total += s.total;
    sellers.set(name, entry);
  }
  return {
    day,
    sales,
    total: counted.reduce((n, s) => n + s.total, 0),
    byMethod,
    bySeller: [...sellers.values()].sort((a, b) => b.total - a.total),
  };
}

/** How a counter sale was paid, as the receipt says it; null: not a counter sale of this shop. */
export async function counterMethodOf(
  db: Db,
  shopId: number,
  orderId: number,
): Promise<InPersonMethod | null> {
  const [row] = await db
    .select({ method: orders.counterMethod })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.sellerId, shopId)));
  return (row?.method as InPersonMethod | null | undefined) ?? null;
}

/** The cierre's sales as a CSV, one per line (`hora;venta;medio;vendio;total;boleta;anulada`). */
export function tillCsv(till: Till): string {
  return toCsv(
    ['hora', 'venta', 'medio', 'vendio', 'total', 'boleta', 'anulada'],
    till.sales.map((s) => [
      chileTimestamp(new Date(s.at)),
      s.number,
      IN_PERSON_NAMES[s.method],
      s.by ?? '',
      s.total,
      s.folio ?? 'pendiente',
      s.cancelled ? 'sí' : 'no',
    ]),
  );
}

/** `?dia=2026-11-29`, or today in Santiago; a date that does not parse is null (the page's 404). */
export function tillDay(param: string | null): string | null {
  if (param === null || param === '') return chileDay();
  return /^\d{4}-\d{2}-\d{2}$/.test(param) && !Number.isNaN(Date.parse(`${param}T12:00:00Z`))
    ? param
    : null;
}
