/**
 * A shop's customers (issue 51): its buyers grouped by e-mail as typed in lower case and without
 * spaces, read from the seller's own orders only. What is shown of a person (name, phone, comuna,
 * marketing consent) is what their newest order says: a buyer who unticks the consent on a later
 * order has withdrawn it (Ley 21.719), and one who opted out since is out (`marketing/opt-outs`).
 * Erased buyers (`buyer_anonymised_at`) are not customers.
 */
import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { customerSearchText, type CustomerView } from '@/lib/customers/customers';
import { consentHolds, optOutsOf } from '@/lib/marketing/opt-outs.server';
import { dashboardVersion } from '@/lib/server/dashboard-version';
import { SOLD_STATUSES, comunaName, type OrderStatus } from '@/lib/orders/schemas';
import { BoundedMap } from '@/lib/server/cache/bounded-map';
import type { Db } from '@/lib/server/db/client';
import { orders } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';

export const CUSTOMER_NOT_FOUND = 'No encontramos a esa persona entre tus clientes.';

const email = sql`lower(trim(${orders.buyerEmail}))`;
const sold = sql`${orders.status} in (${sql.join(
  SOLD_STATUSES.map((s) => sql`${s}`),
  sql`, `,
)})`;
const newest = (column: SQL | AnyPgColumn) =>
  sql`(array_agg(${column} order by ${orders.createdAt} desc, ${orders.id} desc))[1]`;
/** Accents and case away, so «jose» finds «José». */
const folded = (value: SQL) => sql`translate(lower(${value}), 'áéíóúüñ', 'aeiouun')`;

/** The key of a customer of `sellerId`: the same for every order with that e-mail (`customerKey`). */
const keyOf = sql<string>`md5(${orders.sellerId}::text || ':' || ${email})`;

const customerColumns = {
  key: keyOf,
  email: sql<string>`${email}`,
  name: sql<string>`${newest(orders.buyerName)}`,
  phone: sql<string>`${newest(orders.buyerPhone)}`,
  comuna: sql<string | null>`(array_agg(${orders.deliveryComuna} order by ${orders.createdAt} desc,
    ${orders.id} desc) filter (where ${orders.deliveryComuna} is not null))[1]`,
  consent: sql<boolean>`${newest(sql`${orders.marketingConsent}`)}`,
  orders: sql<number>`count(*)::int`,
  purchases: sql<number>`(count(*) filter (where ${sold}))::int`,
  spent: sql<number>`coalesce(sum(${orders.total}) filter (where ${sold}), 0)::bigint`,
  lastOrder: sql<Date>`max(${orders.createdAt})`,
  lastPurchase: sql<Date | null>`max(${orders.createdAt}) filter (where ${sold})`,
};

type CustomerRow = {
  [K in keyof typeof customerColumns]: (typeof customerColumns)[K]['_']['type'];
};

const iso = (value: Date | string) => new Date(value).toISOString();

function toView(row: CustomerRow, optedOutAt: Date | undefined): CustomerView {
  return {
    key: row.key,
    name: row.name,
    email: row.email,
    phone: row.phone,
    comuna: row.comuna,
    comuna_name: row.comuna ? (comunaName(row.comuna) ?? null) : null,
    marketing_consent: consentHolds(row.consent === true, row.lastOrder, optedOutAt),
    opted_out_at: optedOutAt ? optedOutAt.toISOString() : null,
    orders: Number(row.orders),
    purchases: Number(row.purchases),
    total_spent: Number(row.spent),
    last_order_at: iso(row.lastOrder),
    last_purchase_at: row.lastPurchase ? iso(row.lastPurchase) : null,
  };
}

/**
 * The seller's orders that still name a person (a counter sale without an e-mail names none). A
 * marketplace's buyers are the marketplace's to contact: they are kept apart (issue 66).
 */
const ofSeller = (sellerId: number) =>
  and(
    eq(orders.sellerId, sellerId),
    eq(orders.channel, 'tienda'),
    isNull(orders.buyerAnonymisedAt),
    sql`${email} <> ''`,
  );

/** A customer matches when any of their orders does, by name, e-mail or phone. */
function matching(q: string): SQL | undefined {
  const text = customerSearchText(q);
  if (!text) return undefined;
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const digits = text.replace(/\D/g, '');
  return sql`bool_or(${folded(sql`${orders.buyerName}`)} like ${like}
    or ${email} like ${like}${digits.length >= 4 ? sql` or ${orders.buyerPhone} like ${`%${digits}%`}` : sql``})`;
}

/**
 * Pages already read, by seller, query, page and the seller's version (the dashboard's, which
 * every write to their orders moves, on any instance: `modules.server.ts`). A seller's customers
 * change only with their orders, and grouping 15,000 orders took 40 ms on PGlite at every visit.
 */
const pages = new BoundedMap<string, { total: number; results: CustomerView[] }>(500);

/** Page `page` of the seller's customers matching `q`, the most recent buyers first. */
export async function listCustomers(
  db: Db,
  sellerId: number,
  q: string,
  page: number,
  pageSize: number,
): Promise<{ total: number; results: CustomerView[] }> {
  const version = await dashboardVersion(db, sellerId);
  const key = JSON.stringify([sellerId, version, q, page, pageSize]);
  const kept = pages.get(key);
  if (kept) return kept;
  const offset = (page - 1) * pageSize;
  const found = await customerPage(db, sellerId, q, { limit: pageSize, offset });
  // Past the last page the window counted nothing: a count of its own says how many there are.
  const total = found.total ?? (offset > 0 ? await countCustomers(db, sellerId, q) : 0);
  const read = { total, results: await customersByEmail(db, sellerId, found.emails) };
  pages.set(key, read);
  return read;
}

/** `limit` customers from `offset`, without counting them all: the CSV reads these a batch at a time. */
export async function customerRows(
  db: Db,
  sellerId: number,
  q: string,
  window: { limit: number; offset: number },
): Promise<CustomerView[]> {
  return customersByEmail(db, sellerId, (await customerPage(db, sellerId, q, window)).emails);
}

/**
 * Which customers a page shows, in order, and how many match in all: a light pass over the
 * seller's orders (the last order of each e-mail only). What each customer's row says is read
 * for those alone (`customersByEmail`): with 10,000 buyers, the heavy columns of all of them for a
 * page of 20 took 120 ms a page on PGlite.
 */
async function customerPage(
  db: Db,
  sellerId: number,
  q: string,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ emails: string[]; total: number | null }> {
  const rows = await db
    .select({ email: sql<string>`${email}`, total: sql<number>`count(*) over ()` })
    .from(orders)
    .where(ofSeller(sellerId))
    .groupBy(orders.sellerId, email)
    .having(matching(q))
    .orderBy(desc(sql`max(${orders.createdAt})`), email)
    .limit(limit)
    .offset(offset);
  return { emails: rows.map((r) => r.email), total: rows[0] ? Number(rows[0].total) : null };
}

async function countCustomers(db: Db, sellerId: number, q: string): Promise<number> {
  const groups = db
    .select({ key: keyOf })
    .from(orders)
    .where(ofSeller(sellerId))
    .groupBy(orders.sellerId, email)
    .having(matching(q))
    .as('groups');
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(groups);
  return Number(counted?.total ?? 0);
}

/** The customers behind `emails` (as `customerPage` found them), in that order. */
async function customersByEmail(
  db: Db,
  sellerId: number,
  emails: string[],
): Promise<CustomerView[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .select(customerColumns)
    .from(orders)
    .where(and(ofSeller(sellerId), inArray(email, emails)))
    .groupBy(orders.sellerId, email);
  const optOuts = await optOutsOf(db, sellerId, emails);
  const byEmail = new Map(rows.map((row) => [row.email, toView(row, optOuts.get(row.email))]));
  return emails.flatMap((e) => byEmail.get(e) ?? []);
}

/** One of the seller's orders, as a customer's page lists it. */
export interface CustomerOrder {
  id: number;
  number: string;
  status: OrderStatus;
  total: number;
  created_at: string;
}

/** A customer of the seller, without their orders; anyone else's is a 404. */
export async function findCustomer(db: Db, sellerId: number, key: string): Promise<CustomerView> {
  if (!/^[0-9a-f]{32}$/.test(key)) throw new HttpError(404, CUSTOMER_NOT_FOUND);
  const [row] = await db
    .select(customerColumns)
    .from(orders)
    .where(and(ofSeller(sellerId), eq(keyOf, key)))
    .groupBy(orders.sellerId, email);
  if (!row) throw new HttpError(404, CUSTOMER_NOT_FOUND);
  return toView(row, (await optOutsOf(db, sellerId, [row.email])).get(row.email));
}

/** A customer of the seller and their orders, newest first; anyone else's is a 404. */
export async function getCustomer(
  db: Db,
  sellerId: number,
  key: string,
): Promise<CustomerView & { order_list: CustomerOrder[] }> {
  const customer = await findCustomer(db, sellerId, key);
  const list = await db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      total: orders.total,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(and(ofSeller(sellerId), eq(email, customer.email)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(500);
  return {
    ...customer,
    order_list: list.map((o) => ({
      id: o.id,
      number: o.number,
      status: o.status as OrderStatus,
      total: o.total,
      created_at: iso(o.createdAt),
    })),
  };
}
