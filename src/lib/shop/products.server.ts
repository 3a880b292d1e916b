/** The seller's catalogue (`/api/products/`): list, read, create, update, delete, duplicate. */
import { and, count, desc, eq, like, sql, type SQL } from 'drizzle-orm';
import { productCounts } from '@/lib/shop/catalogue-counts.server';
import { searchKey, type ProductFilters } from '@/lib/shop/filters';
import { foreignMedia } from '@/lib/shop/media.server';
import {
  imageIdsOf,
  PRODUCT_COLUMNS,
  productViews,
  type ProductView,
} from '@/lib/shop/product-view.server';
import { sanitizeDescription } from '@/lib/shop/rich-text.server';
import { compareAtError, type ProductInput } from '@/lib/shop/schemas';
import { slugify, uniqueSlug } from '@/lib/slug';
import type { ProductOption } from '@/lib/shop/variants';
import { saveVariants } from '@/lib/shop/variants.server';
import { cache } from '@/lib/server/cache/provider';
import { tags } from '@/lib/server/cache/tags';
import type { Db } from '@/lib/server/db/client';
import { lockWithin, ownedOr404, retryOnUniqueViolation } from '@/lib/server/db/queries';
import { saveVersioned, type Tx } from '@/lib/server/db/versioned';
import { categories, productImages, productOldSlugs, products } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';

export const PRODUCT_NOT_FOUND = 'No encontramos ese producto.';

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
      .select(PRODUCT_COLUMNS)
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
    if ((await foreignMedia(db, userId, input.images)).length)
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
          noRetracto: input.no_retracto ?? null,
          taxExempt: input.tax_exempt ?? false,
          brand: input.brand ?? null,
          gtin: input.gtin ?? null,
          weightG: input.weight_g ?? null,
          lengthCm: input.length_cm ?? null,
          widthCm: input.width_cm ?? null,
          heightCm: input.height_cm ?? null,
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
            ...(fields.no_retracto !== undefined && { noRetracto: fields.no_retracto }),
            ...(fields.tax_exempt !== undefined && { taxExempt: fields.tax_exempt }),
            ...(fields.brand !== undefined && { brand: fields.brand }),
            ...(fields.gtin !== undefined && { gtin: fields.gtin }),
            ...(fields.weight_g !== undefined && { weightG: fields.weight_g }),
            ...(fields.length_cm !== undefined && { lengthCm: fields.length_cm }),
            ...(fields.width_cm !== undefined && { widthCm: fields.width_cm }),
            ...(fields.height_cm !== undefined && { heightCm: fields.height_cm }),
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
    no_retracto: source.no_retracto,
    tax_exempt: source.tax_exempt,
    brand: source.brand,
    // A barcode names one product: the copy is another.
    gtin: null,
    weight_g: source.weight_g,
    length_cm: source.length_cm,
    width_cm: source.width_cm,
    height_cm: source.height_cm,
    images: source.images.map((i) => i.id),
    options: source.options,
    variants: source.variants.map(
      ({ id: _id, name: _name, version: _version, ...fields }) => fields,
    ),
  });
}
