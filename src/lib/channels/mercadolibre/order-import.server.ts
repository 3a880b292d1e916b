/**
 * A paid Mercado Libre sale becomes an Impulsa order (issue 66), once: the `channel-order-import`
 * job reads the order with the seller's token (a notification carries no data and no signature),
 * and one transaction takes the stock by the checkout's conditional update, writes the order born
 * paid with the channel «Mercado Libre», its lines and the real buyer's name, and queues what paid
 * causes (the seller's notice, the boleta) and the boleta's upload to the pack. The channel's order
 * id is unique in `channel_orders`: a repeated notification, the reconciliation and a retry after a
 * crash all find it there. A line without stock enough is kept and flagged, and the seller told.
 * A sale Mercado Libre cancels later is cancelled here while it is not yet sent.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  accessTokenOf,
  ChannelUnavailable,
  MERCADOLIBRE,
} from '@/lib/channels/mercadolibre/account.server';
import { enqueueDocumentUpload } from '@/lib/channels/mercadolibre/fiscal-upload.server';
import { parseMlOrder, type MlOrder } from '@/lib/channels/mercadolibre/ml-order';
import { MercadoLibreError, mlGet } from '@/lib/channels/mercadolibre/oauth.server';
import { orderHappened } from '@/lib/orders/events.server';
import { formatOrderNumber } from '@/lib/orders/schemas';
import { stockChanged } from '@/lib/orders/stock.server';
import {
  linkLines,
  takeWhatIsLeft,
  type Placed,
} from '@/lib/channels/mercadolibre/sale-lines.server';
import { recordEvent } from '@/lib/orders/timeline.server';
import { noExtras, type OrderRow } from '@/lib/orders/view.server';
import { moveOrder } from '@/lib/orders/book.server';
import { shopCheckout } from '@/lib/shop/shop-checkout.server';
import { siteUrl } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/client';
import { isUniqueViolation } from '@/lib/server/db/errors';
import { HttpError } from '@/lib/server/http/errors';
import { channelAccounts, channelOrders, orderItems, orders } from '@/lib/server/db/schema';
import type { Tx } from '@/lib/server/db/versioned';
import { log } from '@/lib/server/log';
import { enqueueUnlessWaiting } from '@/lib/server/queue/queue';
import type { JobHandler } from '@/lib/server/queue/worker';

export const ORDER_IMPORT_JOB = 'channel-order-import';

/** How Mercado Libre Chile ships its sales: on the order, so «Crear envío» stays away. */
const MERCADO_ENVIOS = { provider: MERCADOLIBRE, courier: 'mercadoenvios', name: 'Mercado Envíos' };

/**
 * A sale sends its notices within a second or so (created, paid, its shipping): the order is read
 * that long after the first, once, and the notices of a burst are all answered before any is read.
 */
export const IMPORT_DELAY_MS = 1_000;

/** The read of order `orderId` of Mercado Libre user `userId`, one waiting per order. */
export const importJob = (userId: string, orderId: string) => ({
  kind: ORDER_IMPORT_JOB,
  ref: `mercadolibre-order:${orderId}`,
  payload: { userId, orderId },
  runAt: new Date(Date.now() + IMPORT_DELAY_MS),
});

/** Queues a read of an order: notices that come while one waits add nothing (a sale sends several). */
export async function enqueueOrderImport(db: Db, userId: string, orderId: string): Promise<void> {
  await enqueueUnlessWaiting(db, importJob(userId, orderId));
}

/** The Impulsa order Mercado Libre's order `orderId` became, if it is one yet. */
async function importedAs(db: Db, orderId: string) {
  const [found] = await db
    .select({ id: orders.id, status: orders.status })
    .from(channelOrders)
    .innerJoin(orders, eq(orders.id, channelOrders.orderId))
    .where(and(eq(channelOrders.channel, MERCADOLIBRE), eq(channelOrders.externalId, orderId)));
  return found ?? null;
}

/** Whether Mercado Libre's order `orderId` is already an Impulsa order. */
export async function isImported(db: Db, orderId: string): Promise<boolean> {
  return (await importedAs(db, orderId)) !== null;
}

/** Statuses from which a sale Mercado Libre cancelled is cancelled here too (not yet sent). */
const CANCELLABLE = new Set(['pagado', 'preparando']);

export const channelOrderImportJob: JobHandler = async ({ db }, job) => {
  const userId = String(job.payload.userId);
  const orderId = String(job.payload.orderId);
  const [account] = await db
    .select({ sellerId: channelAccounts.userId })
    .from(channelAccounts)
    .where(
      and(eq(channelAccounts.channel, MERCADOLIBRE), eq(channelAccounts.externalUserId, userId)),
    );
  if (!account) return { skipped: 'no shop for that user' };
  const before = await importedAs(db, orderId);
  // Imported and past what a cancellation could change: nothing to read.
  if (before && !CANCELLABLE.has(before.status)) return { skipped: 'imported' };
  let token: string;
  try {
    token = await accessTokenOf(db, account.sellerId);
  } catch (error) {
    // Reconnected, the reconciliation finds the sale among her recent orders.
    if (error instanceof ChannelUnavailable) return { skipped: 'channel unavailable' };
    throw error;
  }
  let data: unknown;
  try {
    data = await mlGet(token, `/orders/${orderId}`, { 'x-format-new': 'true' });
  } catch (error) {
    if (error instanceof MercadoLibreError && [400, 403, 404].includes(error.status)) {
      log.warn('mercado libre order not readable', { orderId, status: error.status });
      return { skipped: 'not readable' };
    }
    throw error;
  }
  const order = parseMlOrder(data);
  if (!order || order.sellerId !== userId) {
    log.warn('mercado libre order refused', { orderId, parsed: Boolean(order) });
    return { skipped: 'malformed or not hers' };
  }
  if (before) return followCancel(db, account.sellerId, before.id, order);
  // Created, then paid: a later notice brings it back when it is.
  if (order.status !== 'paid') return { skipped: order.status };
  const imported = await importOrder(db, account.sellerId, order);
  return imported ? { order: imported.id, short: imported.short } : { skipped: 'imported' };
};

/**
 * A sale Mercado Libre cancelled (the buyer withdrew, the seller cancelled it there) is cancelled
 * here by the order book's own move: its stock comes back, a boleta already out gets its nota de
 * crédito, and Mercado Libre gives the money back, not Impulsa.
 */
async function followCancel(db: Db, sellerId: number, id: number, order: MlOrder) {
  if (order.status !== 'cancelled') return { skipped: 'imported' };
  try {
    await moveOrder(
      db,
      sellerId,
      id,
      { status: 'cancelado', note: 'Mercado Libre canceló esta venta.' },
      noExtras,
    );
  } catch (error) {
    // Sent (or cancelled) meanwhile by the seller: hers to settle with Mercado Libre.
    if (error instanceof HttpError && error.status < 500) return { skipped: error.message };
    throw error;
  }
  return { cancelled: id };
}

/** Writes `order` as `sellerId`'s; null when another run imported it first. */
export async function importOrder(
  db: Db,
  sellerId: number,
  order: MlOrder,
): Promise<{ id: number; short: boolean } | null> {
  const lines = await linkLines(db, sellerId, order.lines);
  const shop = await shopCheckout(db, sellerId);
  for (let attempt = 0; ; attempt++) {
    try {
      const written = await db.transaction(async (tx) => {
        const placed = await takeWhatIsLeft(tx, lines);
        const row = await writeOrder(tx, sellerId, order, placed, shop?.legal ?? null);
        return { row, placed };
      });
      await stockChanged(
        sellerId,
        written.placed.flatMap((l) => (l.product !== null && !l.short ? [l.product] : [])),
      );
      return { id: written.row.id, short: written.placed.some((l) => l.short) };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // The channel's order id taken: imported by another run. An order number drawn twice: again.
      if (attempt >= 2 || (await isImported(db, order.id))) return null;
    }
  }
}

/** The order, born paid, with its lines, its channel row and what paid causes, in `tx`. */
async function writeOrder(
  tx: Tx,
  sellerId: number,
  order: MlOrder,
  lines: Placed[],
  soldBy: unknown,
): Promise<OrderRow> {
  const short = lines.some((l) => l.short);
  const [row] = await tx
    .insert(orders)
    .values({
      sellerId,
      number: formatOrderNumber(randomBytes(8)),
      status: 'pagado',
      channel: MERCADOLIBRE,
      paymentMethod: MERCADOLIBRE,
      buyerName: order.buyerName,
      // Mercado Libre keeps its buyers' contact: none is stored, so no mail goes to them.
      buyerEmail: '',
      buyerPhone: '',
      deliveryMethod: 'despacho',
      courier: MERCADO_ENVIOS,
      subtotal: order.total,
      total: order.total,
      soldBy,
      receiptToken: randomBytes(24).toString('base64url'),
      paidAt: order.paidAt ?? new Date(),
      origin: siteUrl().origin,
    })
    .returning();
  await tx.insert(orderItems).values(
    lines.map((l) => ({
      orderId: row!.id,
      productId: l.product,
      variantId: l.variant,
      variantName: l.variantName,
      name: l.title,
      unitPrice: l.unitPrice,
      quantity: l.quantity,
      noRetracto: l.noRetracto,
      taxExempt: l.taxExempt,
      stockShort: l.short,
    })),
  );
  await tx.insert(channelOrders).values({
    orderId: row!.id,
    channel: MERCADOLIBRE,
    externalId: order.id,
    packId: order.packId,
    buyerNickname: order.buyerNickname,
    short,
  });
  await recordEvent(tx, row!.id, 'pagado', `Venta ${order.id} en Mercado Libre.`);
  // The seller's «Nueva venta» (with what was short) and the boleta; the buyer has no address here.
  await orderHappened(tx, { type: 'paid', row: row!, mail: true });
  await enqueueDocumentUpload(tx, row!.id);
  return row!;
}
