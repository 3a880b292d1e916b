/** The seller's order book: the list, the counts, one order, and the seller's one-step moves. */
import { can, type Permission, type ShopActor } from '@/lib/team/permissions';
import { TEAM_FORBIDDEN } from '@/lib/team/shop.server';
import { and, count, desc, eq, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import {
  nextStatuses,
  ORDER_STATUSES,
  SOLD_STATUSES,
  STATUS_LABELS,
  type DeliveryMethod,
  type OrderPatch,
  type OrderStatus,
} from '@/lib/orders/schemas';
import { paidByProvider, type PaymentMethod } from '@/lib/shop/payment-methods';
import { isSalesChannel, SALES_CHANNELS, type SalesChannel } from '@/lib/orders/channels';
import type { Db } from '@/lib/server/db/client';
import { perDatabase } from '@/lib/server/db/prepared';
import { listPage, type JsonPart } from '@/lib/server/db/queries';
import { orderEvents, orders } from '@/lib/server/db/schema';
import type { Tx } from '@/lib/server/db/versioned';
import { HttpError } from '@/lib/server/http/errors';

import { releaseStock, stockChanged } from '@/lib/orders/stock.server';
import {
  type OrderExtras,
  type OrderRow,
  type OrderView,
  itemsOf,
  orderView,
} from '@/lib/orders/view.server';
import { orderHappened } from '@/lib/orders/events.server';
import { recordEvent, timelineOf } from '@/lib/orders/timeline.server';
import { prose } from '@/lib/prose';

export const ORDER_NOT_FOUND = 'Esa orden no existe.';

/** Which orders a list shows: one status, or those paid without their tax document. */
export interface OrderFilter {
  status: OrderStatus | null;
  undocumented?: boolean;
  /** Only the orders whose buyer asked to withdraw (`?retracto=si`). */
  retracto?: boolean;
  /** Only the sales of one channel (`?canal=mercadolibre`). */
  channel?: SalesChannel | null;
}

/** The filter a list's query names (`status=`, `documento=sin`, `canal=`); an unknown one is a 400. */
export function orderFilterOf(params: URLSearchParams): OrderFilter {
  const status = params.get('status') || null;
  if (status !== null && !(ORDER_STATUSES as readonly string[]).includes(status))
    throw new HttpError(400, 'Ese estado no existe.', {
      errors: { status: [`Usa uno de: ${ORDER_STATUSES.join(', ')}.`] },
    });
  const documento = params.get('documento');
  if (documento !== null && documento !== 'sin')
    throw new HttpError(400, 'Ese filtro no existe.', {
      errors: { documento: ['Usa documento=sin para ver las ventas sin boleta.'] },
    });
  const retracto = params.get('retracto');
  if (retracto !== null && retracto !== 'si')
    throw new HttpError(400, 'Ese filtro no existe.', {
      errors: { retracto: ['Usa retracto=si para ver las solicitudes de retracto.'] },
    });
  const channel = params.get('canal') || null;
  if (channel !== null && !isSalesChannel(channel))
    throw new HttpError(400, 'Ese canal no existe.', {
      errors: { canal: [`Usa uno de: ${SALES_CHANNELS.join(', ')}.`] },
    });
  return {
    status: status as OrderStatus | null,
    undocumented: documento === 'sin',
    retracto: retracto === 'si',
    channel,
  };
}

/** `GET /api/orders/?page=&status=&documento=`: the seller's orders, newest first. */
export async function listOrders(
  db: Db,
  sellerId: number,
  filter: OrderFilter,
  page: number,
  pageSize: number,
  /** The «sin boleta» condition, which is invoicing's (`invoicing/undocumented.server.ts`). */
  undocumented: (sellerId: number) => SQL,
): Promise<{ total: number; results: OrderView[] }> {
  const where = and(
    eq(orders.sellerId, sellerId),
    filter.status ? eq(orders.status, filter.status) : undefined,
    filter.undocumented ? undocumented(sellerId) : undefined,
    filter.retracto ? isNotNull(orders.retractoRequestedAt) : undefined,
    filter.channel ? eq(orders.channel, filter.channel) : undefined,
  );
  const { total, rows } = await orderPage(db, where, page, pageSize);
  return { total, results: rows.map(({ view }) => view) };
}

/** A page of the orders `where` picks, newest first: each row with its view (lines included). */
export async function orderPage(
  db: Db,
  where: SQL | undefined,
  page: number,
  pageSize: number,
): Promise<{ total: number; rows: { row: OrderRow; view: OrderView }[] }> {
  const { total, rows } = await listPage(
    db,
    orders,
    where,
    [desc(orders.createdAt), desc(orders.id)],
    page,
    pageSize,
  );
  const items = await itemsOf(
    db,
    rows.map((r) => r.id),
  );
  return { total, rows: rows.map((row) => ({ row, view: orderView(row, items.get(row.id)!) })) };
}

async function ownedOrder(db: Db, sellerId: number, id: number): Promise<OrderRow> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.sellerId, sellerId)));
  if (!row) throw new HttpError(404, ORDER_NOT_FOUND);
  return row;
}

/** One of the seller's orders with its timeline and what `extras` adds (its documents). */
export async function getOrder<T extends object>(
  db: Db,
  sellerId: number,
  id: number,
  extras: OrderExtras<T>,
): Promise<OrderView & T> {
  const row = await ownedOrder(db, sellerId, id);
  const order = {
    ...orderView(row, (await itemsOf(db, [id])).get(id)!),
    ...(await extras(db, row)),
  };
  order.timeline = await timelineOf(db, id, row.createdAt, { actors: true });
  return order;
}

/** How many orders of each status a seller has (the order book's filter). */
export async function orderCounts(db: Db, sellerId: number): Promise<Record<OrderStatus, number>> {
  const rows = await db
    .select({ status: orders.status, n: count() })
    .from(orders)
    .where(eq(orders.sellerId, sellerId))
    .groupBy(orders.status);
  const counts = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  return Object.fromEntries(ORDER_STATUSES.map((s) => [s, counts[s] ?? 0])) as Record<
    OrderStatus,
    number
  >;
}

/**
 * How many of the seller's orders each marketplace brought (none: the shop sold them all); reads
 * only the partial index of marketplace orders, so a shop without any pays almost nothing.
 */
export async function marketplaceCounts(
  db: Db,
  sellerId: number,
): Promise<Partial<Record<SalesChannel, number>>> {
  const rows = await db
    .select({ channel: orders.channel, n: count() })
    .from(orders)
    .where(and(eq(orders.sellerId, sellerId), ne(orders.channel, 'tienda')))
    .groupBy(orders.channel);
  return Object.fromEntries(
    rows.flatMap((r) => (isSalesChannel(r.channel) ? [[r.channel, Number(r.n)]] : [])),
  );
}

/** How many of the seller's orders carry a withdrawal request (the order book's «Retracto»). */
export async function retractoCount(db: Db, sellerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.sellerId, sellerId), isNotNull(orders.retractoRequestedAt)));
  return Number(row?.n ?? 0);
}

/** How recent a move must be for a move its former status allowed to be a race it won. */
const RACE_WINDOW_MS = 10_000;

/**
 * Whether the order left, moments ago, a status from which `to` was a move: the request that asks
 * for `to` raced the one that moved it (read after it, on a busy server), and is told so (409)
 * rather than that its move is impossible (400).
 */
async function justLeft(tx: Tx, row: OrderRow, to: OrderStatus): Promise<boolean> {
  if (Date.now() - row.updatedAt.getTime() > RACE_WINDOW_MS) return false;
  const moves = await tx
    .select({ status: orderEvents.status })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, row.id), inArray(orderEvents.status, [...ORDER_STATUSES])))
    .orderBy(desc(orderEvents.id))
    .limit(2);
  const before = (moves[1]?.status ?? 'pendiente_pago') as OrderStatus;
  return nextStatuses(
    before,
    row.paymentMethod as PaymentMethod,
    row.deliveryMethod as DeliveryMethod,
  ).includes(to);
}

/**
 * A move's loser: the order changed under it (another tab, a double click, a colleague). It reads
 * how the order stands now, never that nothing happened.
 */
async function conflict<T extends object>(
  db: Db,
  sellerId: number,
  id: number,
  extras: OrderExtras<T>,
): Promise<never> {
  const current = await getOrder(db, sellerId, id, extras);
  throw new HttpError(
    409,
    prose`Esta orden cambió mientras tanto: ahora está «${current.status_label.toLowerCase()}».
        Revisa su estado actual.`,
    { body: { current } },
  );
}

/**
 * The moves that are money: confirming a payment («pagado» from waiting) and cancelling (which
 * refunds). A member needs their own permission for each (issue 67).
 */
function mayMove(actor: ShopActor, from: OrderStatus, to: OrderStatus): void {
  const needs: Permission | null =
    to === 'cancelado'
      ? 'cancel_refund'
      : to === 'pagado' && from === 'pendiente_pago'
        ? 'mark_paid'
        : null;
  if (needs && !can(actor, needs)) throw new HttpError(403, TEAM_FORBIDDEN);
}

/**
 * `PATCH /api/orders/{id}/`: the seller moves an order one step (see `nextStatuses`), with a note
 * for the buyer and, when sending it, the tracking number and carrier. The move is decided under
 * the row's lock before anything leaves: cancelling a paid order enqueues its one refund in the
 * same transaction (`refund.server.ts`), so two moves at once never refund twice, and the loser
 * gets a 409 with the order as it now is. The buyer gets a mail.
 */
export async function moveOrder<T extends object>(
  db: Db,
  sellerId: number,
  id: number,
  move: OrderPatch,
  extras: OrderExtras<T>,
  /** Who in the shop moves it (issue 67): recorded on the timeline, and their role checked. */
  by?: { userId: number; actor: ShopActor },
): Promise<OrderView & T> {
  const { status: to, version, note = null } = move;
  const seen = await ownedOrder(db, sellerId, id);
  if (by) mayMove(by.actor, seen.status as OrderStatus, to);
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.sellerId, sellerId)))
      .for('update');
    if (!row) throw new HttpError(404, ORDER_NOT_FOUND);
    if (version !== undefined && version !== row.version) return 'conflict' as const;
    const status = row.status as OrderStatus;
    const allowed = nextStatuses(
      status,
      row.paymentMethod as PaymentMethod,
      row.deliveryMethod as DeliveryMethod,
    );
    // A move the order's status no longer allows conflicts with the order as it is: the caller
    // reads it. Another request moved it while this one waited, or made this very move already.
    if (!allowed.includes(to))
      return status !== seen.status || status === to || (await justLeft(tx, row, to))
        ? ('conflict' as const)
        : ({ refused: status } as const);
    await tx
      .update(orders)
      .set({
        status: to,
        ...(to === 'pagado' ? { paidAt: sql`now()`, expiresAt: null } : {}),
        ...(to === 'cancelado'
          ? {
              reason:
                row.paidAt && paidByProvider(row.paymentMethod as PaymentMethod)
                  ? 'La tienda canceló la orden y reembolsó el pago.'
                  : 'La tienda canceló la orden.',
            }
          : {}),
        ...(to === 'enviado'
          ? { trackingNumber: move.tracking_number || null, carrier: move.carrier ?? null }
          : {}),
        version: sql`${orders.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, id));
    await recordEvent(tx, id, to, note, by?.userId ?? null);
    // The buyer's mail, a paid order's refund, its tax document or nota de crédito.
    await orderHappened(tx, { type: 'moved', before: row, to, note });
    return to === 'cancelado' ? releaseStock(tx, id) : [];
  });
  if (outcome === 'conflict') return conflict(db, sellerId, id, extras);
  if ('refused' in outcome)
    throw new HttpError(
      400,
      prose`Una orden «${STATUS_LABELS[outcome.refused].toLowerCase()}» no puede pasar a
        «${STATUS_LABELS[to].toLowerCase()}».`,
      { errors: { status: ['Ese cambio de estado no es posible.'] } },
    );
  await stockChanged(sellerId, outcome);
  return getOrder(db, sellerId, id, extras);
}

/**
 * The dashboard: how many sales a seller has made (paid orders, whatever happened after), as a part
 * of its statement.
 */
export function salesCountPart(sellerId: number): JsonPart<number> {
  return {
    sql: sql`select count(*) from ${orders} where ${orders.sellerId} = ${sellerId} and
      ${orders.status} in ${SOLD_STATUSES}`,
    read: (n: number) => Number(n),
  };
}

/** Orders that wait for the seller: a transfer or WhatsApp payment to confirm, or one to prepare or send. */
const toAttend = (sellerId: number | SQL | ReturnType<typeof sql.placeholder>) =>
  sql`${orders.sellerId} = ${sellerId} and (${orders.status} in ('pagado', 'preparando') or
    (${orders.status} = 'pendiente_pago' and ${orders.paymentMethod} <> 'webpay'))`;

/** The dashboard: how many orders wait for the seller, as a part of its statement. */
export function toAttendPart(sellerId: number): JsonPart<number> {
  return {
    sql: sql`select count(*) from ${orders} where ${toAttend(sellerId)}`,
    read: (n: number) => Number(n),
  };
}

/** The count statement: the header shows it on every signed-in page. */
const toAttendStatement = perDatabase((db) =>
  db
    .select({ n: count() })
    .from(orders)
    .where(toAttend(sql.placeholder('sellerId')))
    .prepare('orders_to_attend'),
);

/** How many orders wait for the seller (the "Órdenes" badge). */
export async function ordersToAttend(db: Db, sellerId: number): Promise<number> {
  const [row] = await toAttendStatement(db).execute({ sellerId });
  return Number(row?.n ?? 0);
}
