/**
 * A sale as the features above the order book read it — invoicing above all: the order's row, its
 * lines in order, the order as its buyer reads it and the shop that sold it (as it stood for the
 * sale). One door, so a document's job reads the order once and the same way everywhere.
 */
import { and, eq } from 'drizzle-orm';
import { itemsOf, orderView, type OrderRow, type OrderView } from '@/lib/orders/view.server';
import type { Db } from '@/lib/server/db/client';
import { orders, type orderItems } from '@/lib/server/db/schema';
import type { Tx } from '@/lib/server/db/versioned';
import { shopAtSale, shopCheckout, type ShopCheckout } from '@/lib/shop/shop-checkout.server';

export interface Sale {
  row: OrderRow;
  /** Its lines, in the order they were bought. */
  lines: (typeof orderItems.$inferSelect)[];
  view: OrderView;
  /** Who sold it; null when the seller's row is gone. */
  shop: ShopCheckout | null;
}

/** The lines alone, for a caller that already holds the order it checked (the order's page). */
export async function saleLinesOf(db: Db | Tx, orderId: number): Promise<Sale['lines']> {
  return (await itemsOf(db, [orderId])).get(orderId) ?? [];
}

/** Order `orderId` as a sale (only `sellerId`'s when given); null: none. */
export async function saleOf(
  db: Db | Tx,
  orderId: number,
  sellerId?: number,
): Promise<Sale | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.id, orderId),
        sellerId === undefined ? undefined : eq(orders.sellerId, sellerId),
      ),
    );
  if (!row) return null;
  const lines = await saleLinesOf(db, orderId);
  const current = await shopCheckout(db, row.sellerId);
  return { row, lines, view: orderView(row, lines), shop: current && shopAtSale(current, row) };
}
