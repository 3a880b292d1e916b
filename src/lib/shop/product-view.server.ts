/** A product as the API and the product pages show it, built from its row, images and variants. */
import type { NoRetractoReason } from '@/lib/shop/no-retracto';
import { asc, getTableColumns, inArray } from 'drizzle-orm';
import { mediaViews, type MediaView } from '@/lib/shop/media.server';
import type { ProductOption } from '@/lib/shop/variants';
import { variantsOf, variantStock, type VariantView } from '@/lib/shop/variants.server';
import { shopProductPath } from '@/lib/shop/urls';
import { siteUrl } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/client';
import type { Tx } from '@/lib/server/db/versioned';
import { productImages, products } from '@/lib/server/db/schema';

/**
 * A product's columns but its search document (`search_doc`, a tsvector several times the size of
 * the rest, which only the catalogue search reads, in SQL): what a product's row is read with.
 */
const { searchDoc: _searchDoc, ...productColumns } = getTableColumns(products);
export const PRODUCT_COLUMNS = productColumns;

export type ProductRow = Omit<typeof products.$inferSelect, 'searchDoc'>;

/** A product as the API shows it (docs/design.md §7). */
export interface ProductView {
  id: number;
  slug: string;
  name: string;
  description: string;
  price: number;
  compare_at_price: number | null;
  stock: number | null;
  published: boolean;
  category: number | null;
  /** Why it has no derecho a retracto; null: it has one (Ley 19.496). */
  no_retracto: NoRetractoReason | null;
  /** Sold without IVA (its sales go on a boleta exenta). */
  tax_exempt: boolean;
  /** For the catalogue feeds: the brand (null: the shop's name) and the barcode (GTIN). */
  brand: string | null;
  gtin: string | null;
  /** Its parcel for couriers, grams and cm; null: the shop's default parcel's. */
  weight_g: number | null;
  length_cm: number | null;
  width_cm: number | null;
  height_cm: number | null;
  images: MediaView[];
  /** Up to three options; with them, `variants` has every combination and `stock` is theirs. */
  options: ProductOption[];
  variants: VariantView[];
  shop_url: string;
  version: number;
  created_at: string;
  updated_at: string;
}

/** The ids of each product's images, in order. */
export async function imageIdsOf(
  db: Db | Tx,
  productIds: number[],
): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>(productIds.map((id) => [id, []]));
  if (productIds.length === 0) return map;
  const rows = await db
    .select()
    .from(productImages)
    .where(inArray(productImages.productId, productIds))
    .orderBy(asc(productImages.productId), asc(productImages.position));
  for (const r of rows) map.get(r.productId)!.push(r.mediaId);
  return map;
}

/** Views of `rows` with their images and variants: a few queries for any number of products. */
export async function productViews(db: Db, rows: ProductRow[]): Promise<ProductView[]> {
  const ids = rows.map((r) => r.id);
  const [imageIds, variants] = await Promise.all([imageIdsOf(db, ids), variantsOf(db, ids)]);
  const views = new Map(
    (await mediaViews(db, [...new Set([...imageIds.values()].flat())])).map((m) => [m.id, m]),
  );
  return rows.map((r) =>
    toProductView(
      r,
      imageIds.get(r.id)!.flatMap((id) => (views.has(id) ? [views.get(id)!] : [])),
      variants.get(r.id)!,
    ),
  );
}

/** A product row as the API shows it, with its images in order and its variants. */
export function toProductView(
  r: ProductRow,
  images: MediaView[],
  variants: VariantView[],
): ProductView {
  const options = r.options as ProductOption[];
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    description: r.description,
    price: r.price,
    compare_at_price: r.compareAtPrice,
    stock: options.length ? variantStock(variants) : r.stock,
    published: r.published,
    category: r.categoryId,
    no_retracto: (r.noRetracto as NoRetractoReason | null) ?? null,
    tax_exempt: r.taxExempt,
    brand: r.brand,
    gtin: r.gtin,
    weight_g: r.weightG,
    length_cm: r.lengthCm,
    width_cm: r.widthCm,
    height_cm: r.heightCm,
    images,
    options,
    variants: options.length ? variants : [],
    shop_url: siteUrl().origin + shopProductPath(r.id),
    version: r.version,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}
