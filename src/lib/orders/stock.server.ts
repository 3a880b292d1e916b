/**
 * Stock: taken by one conditional update per product or variant inside the order's transaction
 * (two buyers of the last unit never both get it) and given back once when the order is
 * cancelled, rejected or left unpaid.
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { returnDiscountUse } from '@/lib/shop/discounts.server';
import { cache } from '@/lib/server/cache/provider';
import { tags } from '@/lib/server/cache/tags';
import type { Tx } from '@/lib/server/db/versioned';
import { orderItems, orders, products, productVariants } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';
import { plural } from '@/lib/plural';

/** A line as stock reads it: which product or variant, how many, and its name for a refusal. */
export interface StockLine {
  product: number;
  variant: number | null;
  name: string;
  quantity: number;
  /** Its stock when priced; null: not counted, so nothing to take. */
  stock: number | null;
}

/** One key per product and variant: what stock is counted in. */
export const lineKey = (line: { product: number; variant: number | null }) =>
  `${line.product}:${line.variant ?? ''}`;

/**
 * Takes `lines` from stock in one statement per product; a product without enough left aborts the
 * transaction with a 409. Returns what is left of each product with a stock.
 */
export async function takeStock(
  tx: Tx,
  lines: StockLine[],
  /** A channel's sale: the product may be listed there while hidden in the shop. */
  options: { hiddenToo?: boolean } = {},
): Promise<Map<string, number>> {
  const left = new Map<string, number>();
  for (const line of [...lines].sort((a, b) => a.product - b.product)) {
    if (line.variant !== null) {
      const remaining = await takeVariantStock(tx, line);
      if (remaining !== null) left.set(lineKey(line), remaining);
      continue;
    }
    const [row] = await tx
      .update(products)
      .set({
        stock: sql`${products.stock} - ${line.quantity}`,
        version: sql`${products.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(products.id, line.product),
          options.hiddenToo ? undefined : eq(products.published, true),
          isNotNull(products.stock),
          sql`${products.stock} >= ${line.quantity}`,
        ),
      )
      .returning({ id: products.id, stock: products.stock });
    if (row) left.set(lineKey(line), row.stock!);
    if (row || line.stock === null) continue;
    const [now] = await tx
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, line.product));
    throw soldOut(line, now?.stock ?? 0);
  }
  return left;
}

/** A 409 saying how many of `line` are left. */
function soldOut(line: StockLine, remaining: number): HttpError {
  const message =
    remaining <= 0
      ? `«${line.name}» se agotó mientras comprabas.`
      : `De «${line.name}» quedan solo ${plural(remaining, 'unidad', 'unidades')}.`;
  return new HttpError(409, message, {
    errors: { items: [message] },
    body: {
      product: line.product,
      ...(line.variant !== null && { variant: line.variant }),
      available: Math.max(0, remaining),
    },
  });
}

/**
 * Takes a variant's units in one conditional update, as for a product; returns what is left, or
 * null for a variant without a limit. The product's row is locked first, so a seller's edit of
 * the options waits for the order.
 */
async function takeVariantStock(tx: Tx, line: StockLine): Promise<number | null> {
  await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, line.product))
    .for('update');
  const [row] = await tx
    .update(productVariants)
    .set({
      stock: sql`${productVariants.stock} - ${line.quantity}`,
      version: sql`${productVariants.version} + 1`,
    })
    .where(
      and(
        eq(productVariants.id, line.variant!),
        eq(productVariants.enabled, true),
        isNotNull(productVariants.stock),
        sql`${productVariants.stock} >= ${line.quantity}`,
      ),
    )
    .returning({ stock: productVariants.stock });
  if (row) return row.stock!;
  const [now] = await tx
    .select({ stock: productVariants.stock, enabled: productVariants.enabled })
    .from(productVariants)
    .where(eq(productVariants.id, line.variant!));
  if (now && now.enabled && now.stock === null) return null;
  throw soldOut(line, now?.enabled ? (now.stock ?? 0) : 0);
}

/**
 * Refuses an unpaid order that would let one buyer (their e-mail or their address) hold more than
 * `sharePercent` of a product's stock, counting their other unpaid orders. Runs after `takeStock`
 * in the same transaction: the product rows are locked, so two orders of one buyer are counted in turn.
 */
export async function checkHoldShare(
  tx: Tx,
  lines: StockLine[],
  left: Map<string, number>,
  holder: { sellerId: number; email: string; address: string | null },
  sharePercent: number,
): Promise<void> {
  const stocked = lines.filter((l) => left.has(lineKey(l)));
  if (stocked.length === 0 || sharePercent >= 100) return;
  const mine = sql`(lower(${orders.buyerEmail}) = ${holder.email.toLowerCase()}${
    holder.address ? sql` or ${orders.holder} = ${holder.address}` : sql``
  })`;
  const held = await tx
    .select({
      product: orderItems.productId,
      variant: orderItems.variantId,
      all: sql<number>`sum(${orderItems.quantity})::int`,
      mine: sql<number>`coalesce(sum(${orderItems.quantity}) filter (where ${mine}), 0)::int`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.sellerId, holder.sellerId),
        eq(orders.status, 'pendiente_pago'),
        eq(orders.stockHeld, true),
        inArray(
          orderItems.productId,
          stocked.map((l) => l.product),
        ),
      ),
    )
    .groupBy(orderItems.productId, orderItems.variantId);
  const byLine = new Map(
    held.map((h) => [lineKey({ product: h.product!, variant: h.variant }), h]),
  );
  for (const line of stocked) {
    const h = byLine.get(lineKey(line));
    // The stock before any unpaid order: what is left, plus what they all hold, plus this one.
    const total = left.get(lineKey(line))! + (h?.all ?? 0) + line.quantity;
    const limit = Math.max(1, Math.ceil((total * sharePercent) / 100));
    if ((h?.mine ?? 0) + line.quantity <= limit) continue;
    const message =
      `Puedes reservar hasta ${plural(limit, 'unidad', 'unidades')} de «${line.name}» sin pagar. ` +
      'Paga tu pedido pendiente o compra con Webpay.';
    throw new HttpError(409, message, {
      errors: { items: [message] },
      body: { product: line.product, limit },
    });
  }
}

/** Gives an order's units back, once (a second call finds `stockHeld` already false). */
export async function releaseStock(tx: Tx, orderId: number): Promise<number[]> {
  const [held] = await tx
    .update(orders)
    .set({ stockHeld: false })
    .where(and(eq(orders.id, orderId), eq(orders.stockHeld, true)))
    .returning({ id: orders.id });
  if (!held) return [];
  await returnDiscountUse(tx, orderId);
  const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  const touched: number[] = [];
  for (const line of lines) {
    // A line a channel sold without stock here took none, so gives none back.
    if (line.productId === null || line.stockShort) continue;
    if (line.variantId !== null) {
      const [given] = await tx
        .update(productVariants)
        .set({
          stock: sql`${productVariants.stock} + ${line.quantity}`,
          version: sql`${productVariants.version} + 1`,
        })
        .where(and(eq(productVariants.id, line.variantId), isNotNull(productVariants.stock)))
        .returning({ id: productVariants.id });
      if (given) touched.push(line.productId);
      continue;
    }
    const [row] = await tx
      .update(products)
      .set({
        stock: sql`${products.stock} + ${line.quantity}`,
        version: sql`${products.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(products.id, line.productId), isNotNull(products.stock)))
      .returning({ id: products.id });
    if (row) touched.push(row.id);
  }
  return touched;
}

/**
 * Product pages and catalogues show stock: drop them from the render cache. The seller's
 * dashboard version is forgotten here too: the database announces it on PostgreSQL with
 * LISTEN/NOTIFY's delay, and the seller's next read on this instance must see the new order.
 */
export async function stockChanged(sellerId: number, productIds: number[]): Promise<void> {
  const stock = productIds.length
    ? [...productIds.map((id) => tags.product(id)), tags.catalogue(sellerId)]
    : [];
  await cache.invalidate({ tags: [...stock, tags.dashboard(sellerId)] });
}

/**
 * Takes an order's units again after it gave them back (a provider's payment that arrived after
 * the order lapsed), one conditional update per line; false, and nothing taken, when any line has
 * not enough left, so the caller's savepoint rolls back.
 */
export async function retakeStock(tx: Tx, orderId: number): Promise<boolean> {
  const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  for (const line of lines) {
    if (line.productId === null) return false;
    const table = line.variantId !== null ? productVariants : products;
    const id = line.variantId ?? line.productId;
    const [taken] = await tx
      .update(table)
      .set({ stock: sql`${table.stock} - ${line.quantity}`, version: sql`${table.version} + 1` })
      .where(and(eq(table.id, id), isNotNull(table.stock), sql`${table.stock} >= ${line.quantity}`))
      .returning({ id: table.id });
    if (taken) continue;
    // Not taken: fine only for a line without a limit.
    const [now] = await tx.select({ stock: table.stock }).from(table).where(eq(table.id, id));
    if (!now || now.stock !== null) return false;
  }
  await tx.update(orders).set({ stockHeld: true }).where(eq(orders.id, orderId));
  return true;
}
