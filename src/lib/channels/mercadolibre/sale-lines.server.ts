/**
 * A Mercado Libre sale's lines as Impulsa keeps them (issue 66): each tied to the product or
 * variant its listing is linked to, and the stock taken for those it covers — by the checkout's
 * own conditional update — while a line it cannot cover is marked short and takes nothing.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { MERCADOLIBRE } from '@/lib/channels/mercadolibre/account.server';
import type { MlOrderLine } from '@/lib/channels/mercadolibre/ml-order';
import { takeStock, type StockLine } from '@/lib/orders/stock.server';
import type { Db } from '@/lib/server/db/client';
import { channelLinks, products, productVariants } from '@/lib/server/db/schema';
import type { Tx } from '@/lib/server/db/versioned';

/** A line of the sale, tied to the product whose stock it takes (null: not linked). */
export interface Placed extends MlOrderLine {
  product: number | null;
  variant: number | null;
  taxExempt: boolean;
  noRetracto: string | null;
  short: boolean;
}

/** Each line with the product (or variant) the seller linked its listing to. */
export async function linkLines(db: Db, sellerId: number, lines: MlOrderLine[]): Promise<Placed[]> {
  const links = await db
    .select()
    .from(channelLinks)
    .where(
      and(
        eq(channelLinks.sellerId, sellerId),
        eq(channelLinks.channel, MERCADOLIBRE),
        inArray(channelLinks.itemId, [...new Set(lines.map((l) => l.itemId))]),
      ),
    );
  const linkOf = new Map(links.map((l) => [`${l.itemId}:${l.variationId}`, l]));
  const ids = [...new Set(links.map((l) => l.productId))];
  const facts = new Map(
    (ids.length
      ? await db
          .select({
            id: products.id,
            taxExempt: products.taxExempt,
            noRetracto: products.noRetracto,
          })
          .from(products)
          .where(inArray(products.id, ids))
      : []
    ).map((p) => [p.id, p]),
  );
  return lines.map((line) => {
    const link = linkOf.get(`${line.itemId}:${line.variationId}`);
    const product = link ? facts.get(link.productId) : undefined;
    return {
      ...line,
      product: product ? product.id : null,
      variant: product ? (link!.variantId ?? null) : null,
      taxExempt: product?.taxExempt ?? false,
      noRetracto: product?.noRetracto ?? null,
      short: false,
    };
  });
}

/**
 * Takes each linked line's units by `takeStock`'s conditional update, after locking the products
 * and reading what is left: a line the stock cannot cover is marked short and takes nothing, so
 * the sale Mercado Libre already made is kept and Impulsa never goes below zero.
 */
export async function takeWhatIsLeft(tx: Tx, lines: Placed[]): Promise<Placed[]> {
  const productIds = [...new Set(lines.flatMap((l) => (l.product === null ? [] : [l.product])))];
  if (!productIds.length) return lines;
  const locked = await tx
    .select({ id: products.id, stock: products.stock })
    .from(products)
    .where(inArray(products.id, productIds))
    .orderBy(products.id)
    .for('update');
  const variantIds = lines.flatMap((l) => (l.variant === null ? [] : [l.variant]));
  const variants = variantIds.length
    ? await tx
        .select({
          id: productVariants.id,
          stock: productVariants.stock,
          enabled: productVariants.enabled,
        })
        .from(productVariants)
        .where(inArray(productVariants.id, variantIds))
    : [];
  const left = new Map<string, number | null>([
    ...locked.map((p) => [`p${p.id}`, p.stock] as const),
    ...variants.map((v) => [`v${v.id}`, v.enabled ? v.stock : 0] as const),
  ]);
  const take: StockLine[] = [];
  const placed = lines.map((line) => {
    if (line.product === null) return line;
    const key = line.variant === null ? `p${line.product}` : `v${line.variant}`;
    const stock = left.get(key);
    if (stock === null) return line;
    if (stock === undefined || stock < line.quantity) return { ...line, short: true };
    left.set(key, stock - line.quantity);
    take.push({
      product: line.product,
      variant: line.variant,
      name: line.title,
      quantity: line.quantity,
      stock,
    });
    return line;
  });
  await takeStock(tx, take, { hiddenToo: true });
  return placed;
}
