/**
 * What a site's visitors and the editor's canvas see: the published site of a host, its pages and
 * products, and the data its blocks render with.
 */
import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { NO_SITE, type SiteHost } from '@/lib/hosts';
import { cleanPageData, allBlocks } from '@/lib/sites/blocks.server';
import { type PageData } from '@/lib/sites/schemas';
import { hostCache } from '@/lib/sites/host-cache.server';
import type { BlockImage, BlockProduct } from '@/lib/sites/block-data';
import {
  foreignMedia,
  listMedia,
  mediaViews,
  productCoverPart,
  type MediaView,
} from '@/lib/shop/media.server';
import { srcset } from '@/lib/shop/images';
import type { Db } from '@/lib/server/db/client';
import { perDatabase } from '@/lib/server/db/prepared';
import { jsonColumn } from '@/lib/server/db/queries';
import { products, sitePages, sites } from '@/lib/server/db/schema';

import { siteView, type SiteRow } from '@/lib/sites/sites.server';
import { shopCheckout } from '@/lib/shop/shop-checkout.server';

/**
 * The published site a host serves (a subdomain, a preview of one, or a verified custom domain);
 * null: none. Cached per host (`hostCache`): every change to a site invalidates its tag.
 * `fresh` reads past the cache and leaves it as it was: the TLS ask must not remember a "no"
 * that another instance's verification is about to turn into a "yes".
 */
export async function siteForHost(
  db: Db,
  host: SiteHost,
  { fresh = false } = {},
): Promise<SiteRow | null> {
  if (host.kind === 'main' || host.value === NO_SITE) return null;
  const key = `${host.kind}:${host.value}`;
  const cache = hostCache<SiteRow>();
  const cached = fresh ? undefined : cache.get(key);
  if (cached !== undefined) return cached;
  const where =
    host.kind === 'subdomain'
      ? eq(sites.subdomain, host.value)
      : and(eq(sites.customDomain, host.value), eq(sites.domainStatus, 'verified'));
  const [row] = await db
    .select()
    .from(sites)
    .where(and(where, eq(sites.published, true)))
    .limit(1);
  if (!fresh) cache.set(key, row ?? null);
  return row ?? null;
}

/** The seller's newest published site's address, where an empty cart on the main domains leads. */
export async function publishedSiteUrl(db: Db, userId: number): Promise<string | null> {
  const [row] = await db
    .select()
    .from(sites)
    .where(and(eq(sites.userId, userId), eq(sites.published, true)))
    .orderBy(desc(sites.publishedAt))
    .limit(1);
  return row ? siteView(row).url : null;
}

/** The published products' slugs and last change: a site's sitemap lists them. */
export async function publishedProductSlugs(
  db: Db,
  userId: number,
): Promise<{ slug: string; updatedAt: Date }[]> {
  return db
    .select({ slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
    .where(and(eq(products.userId, userId), eq(products.published, true)))
    .orderBy(asc(products.slug));
}

/** The published pages of a site: path, title and document. */
export async function publishedPages(
  db: Db,
  siteId: number,
): Promise<{ path: string; title: string; data: PageData }[]> {
  const rows = await publishedPagesStatement(db).execute({ siteId });
  return rows.map((r) => ({
    path: r.path,
    title: r.title ?? '',
    data: cleanPageData(r.data as PageData),
  }));
}

/** Every request to a site reads its pages (the guard and the navigation need them). */
const publishedPagesStatement = perDatabase((db) =>
  db
    .select({
      path: sitePages.path,
      title: sitePages.publishedTitle,
      data: sitePages.publishedData,
    })
    .from(sitePages)
    .where(
      and(
        eq(sitePages.siteId, sql.placeholder('siteId')),
        sql`${sitePages.publishedData} is not null`,
      ),
    )
    .orderBy(asc(sitePages.path))
    .prepare('published_pages'),
);

/** An image as blocks show it. */
export function blockImage(view: MediaView, alt = view.alt): BlockImage {
  return {
    src: view.url,
    srcset: srcset(view.variants, 'webp'),
    width: view.width,
    height: view.height,
    alt,
  };
}

/**
 * A seller's published products as cards, newest first: of one category when given (`none`:
 * those without one), `limit` of them from `offset`.
 */
export async function publishedCards(
  db: Db,
  userId: number,
  productHref: ProductHref,
  {
    category,
    limit,
    offset = 0,
  }: { category: number | null | 'none'; limit: number; offset?: number },
): Promise<(BlockProduct & { id: number; category: number | null })[]> {
  const filter = category === 'none' ? 'none' : category ? 'category' : 'all';
  const rows = await publishedCardsStatement[filter](db).execute({
    userId,
    category: typeof category === 'number' ? category : null,
    limit,
    offset,
  });
  return rows.map(({ product, cover }) => productCard(product, cover, productHref));
}

/** A product's page: by slug on a site's host, by id on the main domains (`/shop/{id}`). */
export type ProductHref = (slug: string, id: number) => string;

/** The facts a product card shows, as the cards' statements read them. */
export interface CardFacts {
  id: number;
  slug: string;
  name: string;
  price: number;
  compareAtPrice: number | null;
  categoryId: number | null;
  stock: number | null;
}

/** A product's card: the cover is decorative, since the name is the link's text right below it. */
export function productCard(
  r: CardFacts,
  cover: MediaView | null,
  productHref: ProductHref,
): BlockProduct & { id: number; category: number | null } {
  return {
    id: r.id,
    category: r.categoryId,
    name: r.name,
    price: r.price,
    compareAtPrice: r.compareAtPrice,
    href: productHref(r.slug, r.id),
    image: cover ? blockImage(cover, '') : null,
    soldOut: r.stock === 0,
  };
}

/** What a card shows (`CardFacts`) and its cover, as a select's columns: every list of cards reads these. */
export const cardColumns = {
  product: {
    id: products.id,
    slug: products.slug,
    name: products.name,
    price: products.price,
    compareAtPrice: products.compareAtPrice,
    categoryId: products.categoryId,
    stock: products.stock,
  },
  cover: jsonColumn(productCoverPart(products.id)),
};

/**
 * The cards' products, newest first, with their covers, for each kind of filter: every grid of a
 * site's page and every page of its catalogue runs one.
 */
const publishedCardsStatement = {
  all: cardsStatement('published_cards', []),
  none: cardsStatement('published_cards_none', [isNull(products.categoryId)]),
  category: cardsStatement('published_cards_category', [
    eq(products.categoryId, sql.placeholder('category')),
  ]),
};
function cardsStatement(name: string, filter: SQL[]) {
  return perDatabase((db) =>
    db
      .select(cardColumns)
      .from(products)
      .where(
        and(
          eq(products.userId, sql.placeholder('userId')),
          eq(products.published, true),
          ...filter,
        ),
      )
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );
}

/** What the editor's canvas needs to show the seller's site: their newest published products and their images. */
export async function editorResources(db: Db, userId: number, data: PageData) {
  const catalogue = await publishedCards(db, userId, (slug) => `/shop/${slug}`, {
    category: null,
    limit: 200,
  });
  const library = await listMedia(db, userId, 1, 48);
  const inLibrary = new Set(library.results.map((m) => m.id));
  const used = allBlocks(data).flatMap((b) =>
    typeof b.props.image === 'number' && !inLibrary.has(b.props.image) ? [b.props.image] : [],
  );
  // Images the page uses beyond the library's first page; only the seller's own.
  const foreign = new Set(used.length ? await foreignMedia(db, userId, used) : []);
  const extra = await mediaViews(db, [...new Set(used.filter((id) => !foreign.has(id)))]);
  const images = [...library.results, ...extra].map((m) => ({ id: m.id, ...blockImage(m) }));
  return { catalogue, library: images };
}

/** What anyone may know about a published site (`/config`, `lookup_by_domain`). */
export async function publicSiteData(db: Db, site: SiteRow) {
  const view = siteView(site);
  // What the shop offers, as its checkout computes it (its own Webpay account included).
  const shop = await shopCheckout(db, site.userId, site.whatsapp);
  const whatsapp = shop?.whatsapp ?? null;
  const paymentMethods = shop?.paymentMethods ?? [];
  return {
    id: view.id,
    name: view.name,
    subdomain: view.subdomain,
    custom_domain: view.domain_status === 'verified' ? view.custom_domain : null,
    url: view.url,
    theme: view.theme,
    seo: view.seo,
    whatsapp,
    currency: 'CLP',
    payment_methods: paymentMethods,
  };
}
