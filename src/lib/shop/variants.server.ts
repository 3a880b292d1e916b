/**
 * A product's variants in the database: read with the product, and rebuilt from its options on
 * every save (a combination kept keeps its id, stock and fields; a new one starts from the
 * product's; one no longer in the options goes). Variants the seller sends change only the
 * fields they carry, at the version they carry (another tab's stale grid gets a 409).
 */
import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '@/lib/server/db/client';
import type { JsonPart } from '@/lib/server/db/queries';
import type { Tx } from '@/lib/server/db/versioned';
import { productVariants } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';
import { compareAtError } from '@/lib/shop/schemas';
import {
  combinations,
  variantByValues,
  variantName,
  type ProductOption,
  type VariantInput,
  type VariantView,
} from '@/lib/shop/variants';

export type { VariantView } from '@/lib/shop/variants';

type VariantRow = typeof productVariants.$inferSelect;

export function toVariantView(r: VariantRow): VariantView {
  return {
    id: r.id,
    values: r.values as string[],
    name: r.name,
    price: r.price,
    compare_at_price: r.compareAtPrice,
    stock: r.stock,
    sku: r.sku,
    image: r.imageId,
    enabled: r.enabled,
    version: r.version,
  };
}

/** Each product's variants, in the options' order (one query for any number of products). */
export async function variantsOf(
  db: Db | Tx,
  productIds: number[],
): Promise<Map<number, VariantView[]>> {
  const map = new Map<number, VariantView[]>(productIds.map((id) => [id, []]));
  if (productIds.length === 0) return map;
  const rows = await db
    .select()
    .from(productVariants)
    .where(inArray(productVariants.productId, productIds))
    .orderBy(asc(productVariants.productId), asc(productVariants.position));
  for (const r of rows) map.get(r.productId)?.push(toVariantView(r));
  return map;
}

const fieldError = (field: string, message: string) =>
  new HttpError(400, message, { errors: { [field]: [message] } });

/**
 * Rebuilds the variants of product `productId` from `options`, applying `inputs` (each found by
 * its values). `price` is the product's, to check each compare-at price against; `images` its
 * images, the only pictures a variant may show. Runs in the product's save transaction.
 */
export async function saveVariants(
  tx: Tx,
  productId: number,
  options: ProductOption[],
  inputs: VariantInput[],
  product: { price: number; images: number[] },
): Promise<void> {
  const stored = await tx
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .for('update');
  const combos = combinations(options);
  for (const input of inputs) {
    if (
      !variantByValues(
        combos.map((values) => ({ values })),
        input.values,
      )
    )
      throw fieldError(
        'variants',
        `La combinación «${variantName(input.values)}» no está en las opciones.`,
      );
    if (input.image != null && !product.images.includes(input.image))
      throw fieldError(
        'variants',
        'La foto de una variante debe ser una de las fotos del producto.',
      );
  }
  const byName = new Map(stored.map((r) => [r.name, r]));
  const kept = new Set<number>();
  for (const [position, values] of combos.entries()) {
    const name = variantName(values);
    const row = byName.get(name) ?? variantByValues(stored.map(withValues), values)?.row;
    const input = variantByValues(inputs, values);
    if (input?.version !== undefined && row && input.version !== row.version)
      throw new HttpError(
        409,
        `La variante ${name} cambió en otra pestaña o con una venta. Revisa los datos.`,
      );
    const fields = {
      ...(input?.price !== undefined && { price: input.price }),
      ...(input?.compare_at_price !== undefined && { compareAtPrice: input.compare_at_price }),
      ...(input?.stock !== undefined && { stock: input.stock }),
      ...(input?.sku !== undefined && { sku: input.sku }),
      ...(input?.image !== undefined && { imageId: input.image }),
      ...(input?.enabled !== undefined && { enabled: input.enabled }),
    };
    const price = fields.price !== undefined ? fields.price : (row?.price ?? null);
    const compareAt =
      fields.compareAtPrice !== undefined ? fields.compareAtPrice : (row?.compareAtPrice ?? null);
    const problem = compareAtError(price ?? product.price, compareAt);
    if (problem) throw fieldError('variants', `${name}: ${problem}`);
    if (row) {
      kept.add(row.id);
      const changed =
        Object.keys(fields).length > 0 || row.position !== position || row.name !== name;
      if (changed)
        await tx
          .update(productVariants)
          .set({ ...fields, position, name, values, version: row.version + 1 })
          .where(eq(productVariants.id, row.id));
    } else {
      await tx.insert(productVariants).values({ productId, position, name, values, ...fields });
    }
  }
  const gone = stored.filter((r) => !kept.has(r.id)).map((r) => r.id);
  if (gone.length) await tx.delete(productVariants).where(inArray(productVariants.id, gone));
}

const withValues = (row: VariantRow) => ({ values: row.values as string[], row });

/** What a product with variants has in stock: the sum of the ones sold; null when one has no limit. */
export function variantStock(variants: readonly VariantView[]): number | null {
  const sold = variants.filter((v) => v.enabled);
  if (sold.some((v) => v.stock === null)) return null;
  return sold.reduce((n, v) => n + (v.stock ?? 0), 0);
}

/** A product's variants as one column of a statement (the public page reads it with the product). */
export function productVariantsPart(productId: AnyPgColumn | SQL): JsonPart<VariantView[]> {
  const v = productVariants;
  return {
    sql: sql`select coalesce(json_agg(json_build_object(
        'id', ${v.id}, 'values', ${v.values}, 'name', ${v.name}, 'price', ${v.price},
        'compare_at_price', ${v.compareAtPrice}, 'stock', ${v.stock}, 'sku', ${v.sku},
        'image', ${v.imageId}, 'enabled', ${v.enabled}, 'version', ${v.version}
      ) order by ${v.position}), '[]')
      from ${v} where ${v.productId} = ${productId}`,
    read: (rows: VariantView[]) => rows,
  };
}
