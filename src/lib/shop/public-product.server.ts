/** A published product as its public page reads it: by id (`/shop/{id}`) or by slug on a site. */
import { and, eq, sql } from 'drizzle-orm';
import { offeredProvidersPart } from '@/lib/shop/offered.server';
import { checkoutOf } from '@/lib/shop/shop-checkout.server';
import { sellerIdentity } from '@/lib/shop/legal-entity';
import { productImagesPart } from '@/lib/shop/media.server';
import { toProductView } from '@/lib/shop/product-view.server';
import { productVariantsPart } from '@/lib/shop/variants.server';
import type { Db } from '@/lib/server/db/client';
import { perDatabase } from '@/lib/server/db/prepared';
import { jsonColumn } from '@/lib/server/db/queries';
import { categories, productOldSlugs, products, stores, users } from '@/lib/server/db/schema';

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
    /** Who sells, for the page's footer (Ley 19.496): from the same read. */
    seller: sellerIdentity(checkout),
    /** Whether a buyer can pay here: the page shows the cart form only then. */
    sellable: checkout.identified && checkout.paymentMethods.length > 0,
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
      providers: jsonColumn(offeredProvidersPart(products.userId)),
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
