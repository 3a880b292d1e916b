/**
 * Prices and stock: the server prices every line, and stock is taken by one conditional update per
 * product inside the order's transaction (two buyers of the last unit never both get it) and given
 * back once when the order is cancelled, rejected or left unpaid.
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { returnDiscountUse } from '@/lib/orders/discounts.server';
import { mergeItems } from '@/lib/orders/schemas';
import { cache } from '@/lib/server/cache/provider';
import { tags } from '@/lib/server/cache/tags';
import type { Db } from '@/lib/server/db/client';
import type { Tx } from '@/lib/server/db/versioned';
import { orderItems, orders, products } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';

/** Lines priced by the server: each product's current name and price, in the buyer's order. */
export interface PricedLine {
  product: number;
  name: string;
  price: number;
  quantity: number;
  stock: number | null;
  categoryId: number | null;
}

/**
 * The buyer's items as the server sees them: published products of one seller, at their price.
 * Field errors in Spanish for anything else (under `items`).
 */
export async function priceItems(
  db: Db | Tx,
  items: { product: number; quantity: number }[],
): Promise<{ sellerId: number; lines: PricedLine[] }> {
  const merged = mergeItems(items);
  const rows = await db
    .select({
      id: products.id,
      userId: products.userId,
      name: products.name,
      price: products.price,
      stock: products.stock,
      categoryId: products.categoryId,
      published: products.published,
    })
    .from(products)
    .where(
      inArray(
        products.id,
        merged.map((i) => i.product),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const problems: string[] = [];
  for (const item of merged) {
    const row = byId.get(item.product);
    if (!row || !row.published)
      problems.push(
        row ? `«${row.name}» ya no está a la venta.` : 'Uno de los productos ya no existe.',
      );
  }
  if (problems.length) throw new HttpError(400, problems[0]!, { errors: { items: problems } });
  const sellers = new Set(rows.map((r) => r.userId));
  if (sellers.size > 1)
    throw new HttpError(400, 'Todos los productos de un pedido deben ser de la misma tienda.', {
      errors: { items: ['Todos los productos de un pedido deben ser de la misma tienda.'] },
    });
  return {
    sellerId: rows[0]!.userId,
    lines: merged.map((i) => {
      const row = byId.get(i.product)!;
      return {
        product: row.id,
        name: row.name,
        price: row.price,
        quantity: i.quantity,
        stock: row.stock,
        categoryId: row.categoryId,
      };
    }),
  };
}

/**
 * Takes `lines` from stock in one statement per product; a product without enough left aborts the
 * transaction with a 409. Returns what is left of each product with a stock.
 */
export async function takeStock(tx: Tx, lines: PricedLine[]): Promise<Map<number, number>> {
  const left = new Map<number, number>();
  for (const line of [...lines].sort((a, b) => a.product - b.product)) {
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
          eq(products.published, true),
          isNotNull(products.stock),
          sql`${products.stock} >= ${line.quantity}`,
        ),
      )
      .returning({ id: products.id, stock: products.stock });
    if (row) left.set(line.product, row.stock!);
    if (row || line.stock === null) continue;
    const [now] = await tx
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, line.product));
    const remaining = now?.stock ?? 0;
    const message =
      remaining <= 0
        ? `«${line.name}» se agotó mientras comprabas.`
        : `De «${line.name}» quedan solo ${remaining === 1 ? '1 unidad' : `${remaining} unidades`}.`;
    throw new HttpError(409, message, {
      errors: { items: [message] },
      body: { product: line.product, available: Math.max(0, remaining) },
    });
  }
  return left;
}

/**
 * Refuses an unpaid order that would let one buyer (their e-mail or their address) hold more than
 * `sharePercent` of a product's stock, counting their other unpaid orders. Runs after `takeStock`
 * in the same transaction: the product rows are locked, so two orders of one buyer are counted in turn.
 */
export async function checkHoldShare(
  tx: Tx,
  lines: PricedLine[],
  left: Map<number, number>,
  holder: { sellerId: number; email: string; address: string | null },
  sharePercent: number,
): Promise<void> {
  const stocked = lines.filter((l) => left.has(l.product));
  if (stocked.length === 0 || sharePercent >= 100) return;
  const mine = sql`(lower(${orders.buyerEmail}) = ${holder.email.toLowerCase()}${
    holder.address ? sql` or ${orders.holder} = ${holder.address}` : sql``
  })`;
  const held = await tx
    .select({
      product: orderItems.productId,
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
    .groupBy(orderItems.productId);
  const byProduct = new Map(held.map((h) => [h.product, h]));
  for (const line of stocked) {
    const h = byProduct.get(line.product);
    // The product's stock before any unpaid order: what is left, plus what they all hold, plus this one.
    const total = left.get(line.product)! + (h?.all ?? 0) + line.quantity;
    const limit = Math.max(1, Math.ceil((total * sharePercent) / 100));
    if ((h?.mine ?? 0) + line.quantity <= limit) continue;
    const message = `Puedes reservar hasta ${limit === 1 ? '1 unidad' : `${limit} unidades`} de «${line.name}» sin pagar. Paga tu pedido pendiente o compra con Webpay.`;
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
    if (line.productId === null) continue;
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

/** Product pages and catalogues show stock: drop them from the render cache. */
export async function stockChanged(sellerId: number, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  await cache.invalidate({
    tags: [...productIds.map((id) => tags.product(id)), tags.catalogue(sellerId)],
  });
}
