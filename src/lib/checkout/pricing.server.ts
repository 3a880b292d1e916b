/**
 * Prices: the server prices every line of a cart or an order from the products (and their
 * variants) as they are now, never from what the buyer sends.
 */
import { inArray } from 'drizzle-orm';
import { mergeItems, type ItemRef } from '@/lib/orders/schemas';
import type { ProductOption } from '@/lib/shop/variants';
import type { Db } from '@/lib/server/db/client';
import type { Tx } from '@/lib/server/db/versioned';
import { products, productVariants } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';

/** Lines priced by the server: each product's current name and price, in the buyer's order. */
export interface PricedLine {
  product: number;
  /** The variant bought and its name (`M / Rojo`); null for a product without options. */
  variant: number | null;
  variantName: string | null;
  /** The product's name, with the variant's after it: `Polera (M / Rojo)`. */
  name: string;
  price: number;
  quantity: number;
  stock: number | null;
  categoryId: number | null;
  /** The product's «Sin derecho a retracto» reason, copied onto the order's line. */
  noRetracto: string | null;
  /** Sold without IVA, copied onto the order's line for its tax document. */
  taxExempt: boolean;
}

/**
 * The buyer's items as the server sees them: published products of one seller, at their price.
 * Field errors in Spanish for anything else (under `items`).
 */
export async function priceItems(
  db: Db | Tx,
  items: ItemRef[],
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
      noRetracto: products.noRetracto,
      taxExempt: products.taxExempt,
      published: products.published,
      options: products.options,
    })
    .from(products)
    .where(
      inArray(
        products.id,
        merged.map((i) => i.product),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const variantIds = merged.flatMap((i) => (i.variant !== undefined ? [i.variant] : []));
  const variants = new Map(
    (variantIds.length
      ? await db.select().from(productVariants).where(inArray(productVariants.id, variantIds))
      : []
    ).map((v) => [v.id, v]),
  );
  const problems: string[] = [];
  for (const item of merged) {
    const row = byId.get(item.product);
    const variant = item.variant !== undefined ? variants.get(item.variant) : undefined;
    const withOptions = (row?.options as ProductOption[] | undefined)?.length ?? 0;
    if (!row || !row.published)
      problems.push(
        row ? `«${row.name}» ya no está a la venta.` : 'Uno de los productos ya no existe.',
      );
    else if (withOptions && item.variant === undefined)
      problems.push(`Elige ${optionNames(row.options)} de «${row.name}».`);
    else if (!withOptions && item.variant !== undefined)
      problems.push(`«${row.name}» no tiene variantes.`);
    else if (item.variant !== undefined && (!variant || variant.productId !== row.id))
      problems.push(`Esa variante de «${row.name}» ya no existe.`);
    else if (variant && !variant.enabled)
      problems.push(`«${row.name}» en ${variant.name} no está disponible.`);
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
      const variant = i.variant !== undefined ? variants.get(i.variant)! : null;
      return {
        product: row.id,
        variant: variant?.id ?? null,
        variantName: variant?.name ?? null,
        name: variant ? `${row.name} (${variant.name})` : row.name,
        price: variant?.price ?? row.price,
        quantity: i.quantity,
        stock: variant ? variant.stock : row.stock,
        categoryId: row.categoryId,
        noRetracto: row.noRetracto,
        taxExempt: row.taxExempt,
      };
    }),
  };
}

/** «talla y color»: what a buyer must choose of a product with options. */
function optionNames(options: unknown): string {
  const names = (options as ProductOption[]).map((o) => o.name.toLowerCase());
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} y ${names.at(-1)}` : names[0]!;
}
