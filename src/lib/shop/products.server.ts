/** The seller's catalogue (`/api/products/`) and the public product page's data. */
import { and, asc, count, desc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import type { ModuleProgress } from '@/lib/modules';
import { searchKey, type ProductFilters } from '@/lib/shop/filters';
import { compareAtError, type ProductInput } from '@/lib/shop/schemas';
import {
  foreignMedia,
  mediaViews,
  productImagesPart,
  type MediaView,
} from '@/lib/shop/media.server';
import { checkoutOf } from '@/lib/orders/view.server';
import { sanitizeDescription } from '@/lib/shop/rich-text.server';
import type { ProductOption } from '@/lib/shop/variants';
import {
  productVariantsPart,
  saveVariants,
  variantsOf,
  variantStock,
  type VariantView,
} from '@/lib/shop/variants.server';
import { slugify, uniqueSlug } from '@/lib/shop/slug';
import { shopProductPath } from '@/lib/shop/urls';
import { cache } from '@/lib/server/cache/provider';
import { tags } from '@/lib/server/cache/tags';
import { siteUrl } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/client';
import { perDatabase } from '@/lib/server/db/prepared';
import {
  jsonColumn,
  lockWithin,
  ownedOr404,
  retryOnUniqueViolation,
  type JsonPart,
} from '@/lib/server/db/queries';
import { saveVersioned, type Tx } from '@/lib/server/db/versioned';
import {
  categories,
  productCounts as productCountsTable,
  productImages,
  productOldSlugs,
  products,
  stores,
  users,
} from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';

export const PRODUCT_NOT_FOUND = 'No encontramos ese producto.';

type ProductRow = typeof products.$inferSelect;

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
async function imageIdsOf(db: Db | Tx, productIds: number[]): Promise<Map<number, number[]>> {
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
function toProductView(r: ProductRow, images: MediaView[], variants: VariantView[]): ProductView {
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
    images,
    options,
    variants: options.length ? variants : [],
    shop_url: siteUrl().origin + shopProductPath(r.id),
    version: r.version,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

/** Text for a LIKE pattern in which `%`, `_` and `\` typed by a person match themselves. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One page of the seller's products, newest first. Unfiltered counts come from `product_counts`
 * (kept by triggers), so a catalogue of thousands costs the same as one of ten; filtered ones count
 * the seller's rows, and the search is a LIKE on the accent-free `search_name`.
 */
export async function listProducts(
  db: Db,
  userId: number,
  filters: ProductFilters,
  page: number,
  pageSize: number,
) {
  const conditions: SQL[] = [eq(products.userId, userId)];
  if (filters.q)
    conditions.push(like(products.searchName, `%${likeLiteral(searchKey(filters.q))}%`));
  if (filters.category === 'none') conditions.push(sql`${products.categoryId} is null`);
  else if (filters.category !== undefined)
    conditions.push(eq(products.categoryId, filters.category));
  if (filters.status) conditions.push(eq(products.published, filters.status === 'published'));
  const where = and(...conditions);
  const countedByTriggers = !filters.q && filters.category === undefined;
  const [total, rows] = await Promise.all([
    countedByTriggers
      ? productCounts(db, userId).then((c) =>
          filters.status === 'published'
            ? c.published
            : filters.status === 'draft'
              ? c.total - c.published
              : c.total,
        )
      : db
          .select({ total: count() })
          .from(products)
          .where(where)
          .then((r) => Number(r[0]?.total ?? 0)),
    db
      .select()
      .from(products)
      .where(where)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  return { total, results: await productViews(db, rows) };
}

export async function getProduct(db: Db, userId: number, id: number): Promise<ProductView> {
  return (
    await productViews(db, [await ownedOr404(db, products, userId, id, PRODUCT_NOT_FOUND)])
  )[0]!;
}

/** A 400 naming the field, as the forms show it. */
function fieldError(field: string, message: string): HttpError {
  return new HttpError(400, message, { errors: { [field]: [message] } });
}

/** Checks what a product refers to belongs to the seller: its category and its images. */
async function checkReferences(
  db: Db | Tx,
  userId: number,
  input: { category?: number | null; images?: number[] },
): Promise<void> {
  if (input.category != null) {
    const [own] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.id, input.category), eq(categories.userId, userId)));
    if (!own) throw fieldError('category', 'Elige una categoría válida.');
  }
  if (input.images?.length) {
    if (new Set(input.images).size !== input.images.length)
      throw fieldError('images', 'Una imagen está repetida.');
    if ((await foreignMedia(db as Db, userId, input.images)).length)
      throw fieldError('images', 'Una de las imágenes no existe o no es tuya.');
  }
}

/** A slug for `name` no other product of the seller has; call it inside the write's transaction. */
async function slugFor(
  db: Db | Tx,
  userId: number,
  name: string,
  except?: number,
): Promise<string> {
  await lockWithin(db, 'product-slugs', userId);
  const base = slugify(name);
  const rows = await db
    .select({ id: products.id, slug: products.slug })
    .from(products)
    .where(and(eq(products.userId, userId), sql`${products.slug} like ${`${likeLiteral(base)}%`}`));
  return uniqueSlug(base, new Set(rows.filter((r) => r.id !== except).map((r) => r.slug)));
}

async function setImages(tx: Tx, productId: number, images: number[]): Promise<void> {
  await tx.delete(productImages).where(eq(productImages.productId, productId));
  if (images.length)
    await tx
      .insert(productImages)
      .values(images.map((mediaId, position) => ({ productId, mediaId, position })));
}

export async function createProduct(
  db: Db,
  userId: number,
  input: ProductInput,
): Promise<ProductView> {
  const problem = compareAtError(input.price, input.compare_at_price);
  if (problem) throw fieldError('compare_at_price', problem);
  await checkReferences(db, userId, input);
  // Two products named alike at once would take the same slug: the loser tries again.
  const id = await retryOnUniqueViolation(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(products)
        .values({
          userId,
          slug: await slugFor(tx, userId, input.name),
          name: input.name,
          searchName: searchKey(input.name),
          description: sanitizeDescription(input.description),
          price: input.price,
          compareAtPrice: input.compare_at_price,
          stock: input.stock,
          options: input.options ?? [],
          published: input.published,
          categoryId: input.category,
        })
        .returning({ id: products.id });
      await setImages(tx, row!.id, input.images);
      if (input.options?.length)
        await saveVariants(tx, row!.id, input.options, input.variants ?? [], {
          price: input.price,
          images: input.images,
        });
      return row!.id;
    }),
  );
  await cache.invalidate({ tags: [tags.catalogue(userId)] });
  return getProduct(db, userId, id);
}

/**
 * Saves the fields given if `version` is the stored one; otherwise a 409 carrying the stored
 * product. A rename changes the slug; a published product's old slug keeps redirecting.
 */
export async function updateProduct(
  db: Db,
  userId: number,
  id: number,
  patch: Partial<ProductInput> & { version: number },
): Promise<ProductView> {
  const stored = await ownedOr404(db, products, userId, id, PRODUCT_NOT_FOUND);
  const { version: base, ...fields } = patch;
  await checkReferences(db, userId, fields);
  await retryOnUniqueViolation(() =>
    saveVersioned(db, {
      base,
      lock: async (tx) =>
        (await tx.select().from(products).where(eq(products.id, id)).for('update'))[0],
      versionOf: (row) => row.version,
      async write(tx, version, current) {
        const row = current ?? stored;
        const problem = compareAtError(
          fields.price ?? row.price,
          fields.compare_at_price !== undefined ? fields.compare_at_price : row.compareAtPrice,
        );
        if (problem) throw fieldError('compare_at_price', problem);
        const renamed = fields.name !== undefined && fields.name !== row.name;
        const slug = renamed ? await slugFor(tx, userId, fields.name!, id) : row.slug;
        if (renamed && slug !== row.slug && (row.published || fields.published)) {
          await tx
            .insert(productOldSlugs)
            .values({ userId, slug: row.slug, productId: id })
            .onConflictDoUpdate({
              target: [productOldSlugs.userId, productOldSlugs.slug],
              set: { productId: id },
            });
        }
        await tx
          .update(products)
          .set({
            slug,
            ...(fields.name !== undefined && {
              name: fields.name,
              searchName: searchKey(fields.name),
            }),
            ...(fields.description !== undefined && {
              description: sanitizeDescription(fields.description),
            }),
            ...(fields.price !== undefined && { price: fields.price }),
            ...(fields.compare_at_price !== undefined && {
              compareAtPrice: fields.compare_at_price,
            }),
            ...(fields.stock !== undefined && { stock: fields.stock }),
            ...(fields.options !== undefined && { options: fields.options }),
            ...(fields.published !== undefined && { published: fields.published }),
            ...(fields.category !== undefined && { categoryId: fields.category }),
            version,
            updatedAt: sql`now()`,
          })
          .where(eq(products.id, id));
        if (fields.images !== undefined) await setImages(tx, id, fields.images);
        if (fields.options !== undefined || fields.variants !== undefined)
          await saveVariants(
            tx,
            id,
            fields.options ?? (row.options as ProductOption[]),
            fields.variants ?? [],
            {
              price: fields.price ?? row.price,
              images: fields.images ?? (await imageIdsOf(tx, [id])).get(id)!,
            },
          );
      },
      conflict: {
        message:
          'Este producto cambió en otra pestaña o dispositivo. Combinamos lo que pudimos; revisa los datos.',
        current: () => null,
      },
    }),
  ).catch(async (error: unknown) => {
    // The 409 carries the stored product, as the API shows it.
    if (!(error instanceof HttpError && error.status === 409)) throw error;
    throw new HttpError(409, error.message, {
      errors: error.errors,
      body: { current: await getProduct(db, userId, id) },
    });
  });
  await cache.invalidate({ tags: [tags.product(id), tags.catalogue(userId)] });
  return getProduct(db, userId, id);
}

export async function deleteProduct(db: Db, userId: number, id: number): Promise<void> {
  const [row] = await db
    .delete(products)
    .where(and(eq(products.id, id), eq(products.userId, userId)))
    .returning({ id: products.id });
  if (!row) throw new HttpError(404, PRODUCT_NOT_FOUND);
  await cache.invalidate({ tags: [tags.product(id), tags.catalogue(userId)] });
}

/** A copy as a draft, named "… (copia)", with the same images. */
export async function duplicateProduct(db: Db, userId: number, id: number): Promise<ProductView> {
  const source = await getProduct(db, userId, id);
  return createProduct(db, userId, {
    name: `${source.name} (copia)`.slice(0, 120),
    description: source.description,
    price: source.price,
    compare_at_price: source.compare_at_price,
    stock: source.options.length ? null : source.stock,
    published: false,
    category: source.category,
    images: source.images.map((i) => i.id),
    options: source.options,
    variants: source.variants.map(
      ({ id: _id, name: _name, version: _version, ...fields }) => fields,
    ),
  });
}

/** How many products the seller has and has published (one row, kept by triggers). */
export async function productCounts(
  db: Db,
  userId: number,
): Promise<{ total: number; published: number }> {
  const [row] = await db
    .select()
    .from(productCountsTable)
    .where(eq(productCountsTable.userId, userId));
  return { total: row?.total ?? 0, published: row?.published ?? 0 };
}

/**
 * The counts behind the dashboard's "Productos" card, as a part of its one statement; the
 * shop's sales join them in `modules.server.ts`.
 */
export function catalogueCountsPart(
  userId: number,
): JsonPart<{ total: number; published: number }> {
  return {
    sql: sql`select json_build_object('total', coalesce(max(${productCountsTable.total}), 0), 'published', coalesce(max(${productCountsTable.published}), 0)) from ${productCountsTable} where ${productCountsTable.userId} = ${userId}`,
    read: (counts: { total: number; published: number }) => counts,
  };
}

/** The dashboard's "Productos" card: started with a product, done with one published. */
export function catalogueProgress({
  total,
  published,
}: {
  total: number;
  published: number;
}): ModuleProgress {
  const counts = `${total === 1 ? '1 producto' : `${total} productos`} · ${published === 1 ? '1 publicado' : `${published} publicados`}`;
  if (total === 0)
    return {
      started: false,
      finished: false,
      detail: 'Siguiente paso: agrega tu primer producto.',
    };
  return {
    started: true,
    finished: published > 0,
    detail: published > 0 ? counts : `${counts}. Siguiente paso: publica tu primer producto.`,
  };
}

/** What the public page of a published product shows; null when it is not public (→ 404). */
export async function publicProduct(db: Db, id: number, siteWhatsapp: string | null = null) {
  const [row] = await publicProductStatement(db).execute({ id });
  if (!row) return null;
  const checkout = checkoutOf(row.product.userId, row, siteWhatsapp);
  return {
    product: toProductView(row.product, row.images, row.variants),
    sellerId: row.product.userId,
    shopName: checkout.name,
    /** The constituted company that sells, if the seller named one. */
    legal: checkout.legal,
    whatsapp: row.store?.whatsapp ?? null,
    categoryName: row.categoryName,
    /** Whether a buyer can pay here: the page shows the cart form only then. */
    sellable: checkout.paymentMethods.length > 0,
  };
}

/**
 * A public product page's whole read, built and parsed once per database: the product, its
 * shop, its category and its images in one round trip (the page is rendered for every product a
 * crawler walks, so each round trip counts).
 */
const publicProductStatement = perDatabase((db) =>
  db
    .select({
      product: products,
      store: stores,
      user: { fullName: users.fullName, email: users.email },
      categoryName: categories.name,
      images: jsonColumn(productImagesPart(products.id)),
      variants: jsonColumn(productVariantsPart(products.id)),
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.userId))
    .leftJoin(stores, eq(stores.userId, products.userId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.id, sql.placeholder('id')), eq(products.published, true)))
    .limit(1)
    .prepare('public_product'),
);

/** A seller's published product by its slug, or by a slug it had (then `slug` is the current one); null: none. */
export async function publicProductBySlug(
  db: Db,
  userId: number,
  slug: string,
): Promise<{ id: number; slug: string } | null> {
  const [current] = await db
    .select({ id: products.id, slug: products.slug })
    .from(products)
    .where(and(eq(products.userId, userId), eq(products.slug, slug), eq(products.published, true)));
  if (current) return current;
  const [old] = await db
    .select({ id: products.id, slug: products.slug })
    .from(productOldSlugs)
    .innerJoin(products, eq(products.id, productOldSlugs.productId))
    .where(
      and(
        eq(productOldSlugs.userId, userId),
        eq(productOldSlugs.slug, slug),
        eq(products.published, true),
      ),
    );
  return old ?? null;
}
