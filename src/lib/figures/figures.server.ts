/**
 * The queries behind a seller's figures (`figures.ts` shapes them): visits per day from the
 * batched counts, sales per day by Santiago's calendar, and the products and site pages that
 * drew the most. Only the seller's own products, sites and orders are read.
 */
import { and, between, desc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { chileDay, chileDayEdge } from '@/lib/dates';
import {
  buildFigures,
  conversion,
  periodDays,
  type FigurePeriod,
  type PageFigures,
  type ProductFigures,
  type ShopFigures,
} from '@/lib/figures/figures';
import { flushVisits } from '@/lib/figures/visit-buffer.server';
import { SOLD_STATUSES } from '@/lib/orders/schemas';
import type { Db } from '@/lib/server/db/client';
import {
  orderItems,
  orders,
  pageVisits,
  products,
  productVisits,
  sites,
} from '@/lib/server/db/schema';

const TOP = 10;
const int = (value: unknown) => Number(value ?? 0);

/** The seller's figures for the `days` ending today (this instance's latest visits included). */
export async function shopFigures(
  db: Db,
  sellerId: number,
  days: FigurePeriod,
  now = new Date(),
): Promise<ShopFigures> {
  await flushVisits(db).catch(() => {}); // what is not written yet shows on the next read
  const today = chileDay(now);
  const { from, to } = periodDays(days, today);
  const inPeriod = and(
    eq(orders.sellerId, sellerId),
    inArray(orders.status, [...SOLD_STATUSES]),
    gte(orders.createdAt, chileDayEdge(from, 'start')),
    lte(orders.createdAt, chileDayEdge(to, 'end')),
  );
  const saleDay = sql<string>`((${orders.createdAt} at time zone 'America/Santiago')::date)::text`;
  const productDays = between(productVisits.day, from, to);
  const pageDays = between(pageVisits.day, from, to);

  const [productVisitRows, pageVisitRows, salesRows, seen, sold, pages] = await Promise.all([
    db
      .select({
        day: sql<string>`${productVisits.day}::text`,
        visits: sql`sum(${productVisits.visits})`,
      })
      .from(productVisits)
      .innerJoin(products, eq(products.id, productVisits.productId))
      .where(and(eq(products.userId, sellerId), productDays))
      .groupBy(productVisits.day),
    db
      .select({ day: sql<string>`${pageVisits.day}::text`, visits: sql`sum(${pageVisits.visits})` })
      .from(pageVisits)
      .innerJoin(sites, eq(sites.id, pageVisits.siteId))
      .where(and(eq(sites.userId, sellerId), pageDays))
      .groupBy(pageVisits.day),
    db
      .select({
        day: saleDay,
        channel: orders.channel,
        orders: sql`count(*)`,
        revenue: sql`sum(${orders.total})`,
      })
      .from(orders)
      .where(inPeriod)
      .groupBy(saleDay, orders.channel),
    db
      .select({
        id: products.id,
        name: products.name,
        visits: sql`sum(${productVisits.visits})`,
      })
      .from(productVisits)
      .innerJoin(products, eq(products.id, productVisits.productId))
      .where(and(eq(products.userId, sellerId), productDays))
      .groupBy(products.id, products.name),
    db
      .select({
        id: orderItems.productId,
        name: sql<string>`max(${orderItems.name})`,
        orders: sql`count(distinct ${orders.id})`,
        shopOrders: sql`count(distinct ${orders.id}) filter (where ${orders.channel} = 'tienda')`,
        units: sql`sum(${orderItems.quantity})`,
        revenue: sql`sum(${orderItems.unitPrice} * ${orderItems.quantity})`,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(inPeriod, isNotNull(orderItems.productId)))
      .groupBy(orderItems.productId),
    db
      .select({
        site_id: pageVisits.siteId,
        site_name: sites.name,
        path: pageVisits.path,
        visits: sql`sum(${pageVisits.visits})`,
      })
      .from(pageVisits)
      .innerJoin(sites, eq(sites.id, pageVisits.siteId))
      .where(and(eq(sites.userId, sellerId), pageDays))
      .groupBy(pageVisits.siteId, sites.name, pageVisits.path)
      .orderBy(desc(sql`sum(${pageVisits.visits})`), pageVisits.path)
      .limit(TOP),
  ]);

  return buildFigures(
    days,
    today,
    {
      productVisits: productVisitRows.map((r) => ({ day: r.day, visits: int(r.visits) })),
      pageVisits: pageVisitRows.map((r) => ({ day: r.day, visits: int(r.visits) })),
      sales: salesRows.map((r) => ({
        day: r.day,
        channel: r.channel,
        orders: int(r.orders),
        revenue: int(r.revenue),
      })),
    },
    {
      products: topProducts(seen, sold),
      pages: pages.map((p): PageFigures => ({ ...p, visits: int(p.visits) })),
    },
  );
}

/** Products by revenue, then visits: those sold and those only seen. */
function topProducts(
  seen: { id: number; name: string; visits: unknown }[],
  sold: {
    id: number | null;
    name: string;
    orders: unknown;
    shopOrders: unknown;
    units: unknown;
    revenue: unknown;
  }[],
): ProductFigures[] {
  // A product's visits lead only to its sales in the shop: those are what conversion divides.
  const shopOrders = new Map(sold.map((s) => [s.id, int(s.shopOrders)]));
  const all = new Map<number, ProductFigures>();
  const entry = (id: number, name: string) => {
    let row = all.get(id);
    if (!row) {
      row = { id, name, visits: 0, orders: 0, units: 0, revenue: 0, conversion: null };
      all.set(id, row);
    }
    return row;
  };
  for (const s of seen) entry(s.id, s.name).visits = int(s.visits);
  for (const s of sold) {
    if (s.id === null) continue;
    Object.assign(entry(s.id, s.name), {
      orders: int(s.orders),
      units: int(s.units),
      revenue: int(s.revenue),
    });
  }
  for (const row of all.values())
    row.conversion = conversion(shopOrders.get(row.id) ?? 0, row.visits);
  return [...all.values()]
    .sort((a, b) => b.revenue - a.revenue || b.visits - a.visits || a.id - b.id)
    .slice(0, TOP);
}
