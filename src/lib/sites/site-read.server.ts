/**
 * Everything a request to a site reads, in one prepared statement: the published pages, who sells
 * (the footer of every page, Ley 19.496), the SEO image, and for the page at the request's path the
 * images and products its blocks show. A page rendered anew (a crawler, a cache miss) took eight
 * round trips before; the product page has read in one since `public-product.server.ts`.
 */
import { eq, sql } from 'drizzle-orm';
import type { SiteRenderData } from '@/lib/sites/block-data';
import { checkoutOf } from '@/lib/shop/shop-checkout.server';
import { sellerIdentity } from '@/lib/shop/legal-entity';
import { ownMediaPart, productCoverPart, type MediaView } from '@/lib/shop/media.server';
import { whatsappLink } from '@/lib/shop/whatsapp';
import { cleanPageData } from '@/lib/sites/blocks.server';
import { PRODUCT_GRID_MAX } from '@/lib/sites/blocks';
import { blockImage, productCard, type CardFacts } from '@/lib/sites/published.server';
import type { PageData } from '@/lib/sites/schemas';
import { siteView, type SiteRow } from '@/lib/sites/sites.server';
import type { Db } from '@/lib/server/db/client';
import { perDatabase } from '@/lib/server/db/prepared';
import { jsonColumn, type JsonPart } from '@/lib/server/db/queries';
import { products, sitePages, sites, stores, users } from '@/lib/server/db/schema';

export interface SitePage {
  path: string;
  title: string;
  /** The page's document: read for the page at the request's path only (null for the others). */
  data: PageData | null;
}

/** What one request to a site has read. */
export interface SiteRead {
  pages: SitePage[];
  /** Who sells, a line each, for the footer. */
  seller: string[];
  seoImage: MediaView | undefined;
  /** What the blocks of the page at the read path show besides their props (none: no such page). */
  renderData: (productHref: (slug: string) => string, catalogueHref: string) => SiteRenderData;
}

/** The read for a request to `site` at `path`. */
export async function siteRead(db: Db, site: SiteRow, path: string): Promise<SiteRead> {
  const [row] = await siteReadStatement(db).execute({
    siteId: site.id,
    path,
    seoImage: siteView(site).seo.image ?? null,
  });
  // The statement reads the site itself: gone since the host cache kept it, it has nothing.
  if (!row) return { pages: [], seller: [], seoImage: undefined, renderData: emptyRenderData };
  const images = Object.fromEntries(row.images.map((v) => [v.id, blockImage(v)]));
  // A button without its own number uses the site's, and a site without one the shop's.
  const fallbackPhone = site.whatsapp || row.store?.whatsapp || null;
  return {
    pages: row.pages.map((p) => ({
      path: p.path,
      title: p.title ?? '',
      data: p.data && cleanPageData(p.data),
    })),
    seller: sellerIdentity(checkoutOf(site.userId, row)),
    seoImage: row.seoImage ?? undefined,
    renderData: (productHref, catalogueHref) => ({
      images,
      products: Object.fromEntries(
        Object.entries(row.grids).map(([id, cards]) => [
          id,
          cards.map((c) => productCard(c, c.cover, productHref)),
        ]),
      ),
      catalogueHref,
      whatsapp: (phone, message) => {
        const number = phone.trim() || fallbackPhone;
        return number ? whatsappLink(number, message) : null;
      },
    }),
  };
}

function emptyRenderData(_: (slug: string) => string, catalogueHref: string): SiteRenderData {
  return { images: {}, products: {}, catalogueHref, whatsapp: () => null };
}

/** Every block of the published page at the read path, slots included, one row `b` each. */
const pageBlocks = sql`select b from ${sitePages},
    jsonb_path_query(${sitePages.publishedData}, 'strict $.content.** ? (@.type() == "object")') b
  where ${sitePages.siteId} = ${sites.id} and ${sitePages.path} = ${sql.placeholder('path')}
    and b ? 'type' and jsonb_typeof(b -> 'props') = 'object'`;

/** A block prop that is a small positive integer, else null (the document is the seller's). */
const intProp = (name: 'image' | 'category' | 'limit') => {
  const key = sql.raw(`'${name}'`);
  return sql`case when jsonb_typeof(b -> 'props' -> ${key}) = 'number'
    and b -> 'props' ->> ${key} ~ '^[0-9]{1,9}$' then (b -> 'props' ->> ${key})::int end`;
};

/** The page's pictures (Hero, Image), the owner's own only: a document may name any id. */
const pageImagesPart = ownMediaPart(
  sites.userId,
  sql`select ${intProp('image')} from (${pageBlocks}) blocks where b ->> 'type' in ('Hero', 'Image')`,
);

type GridCard = CardFacts & { cover: MediaView | null };

/** Each ProductGrid's cards by block id: newest first, of its category, as many as it asks for. */
const pageGridsPart: JsonPart<Record<string, GridCard[]>> = (() => {
  const cover = productCoverPart(products.id);
  const card = sql`json_build_object('id', ${products.id}, 'slug', ${products.slug},
      'name', ${products.name}, 'price', ${products.price},
      'compareAtPrice', ${products.compareAtPrice}, 'categoryId', ${products.categoryId},
      'stock', ${products.stock}, 'cover', (${cover.sql}))`;
  return {
    sql: sql`select coalesce(json_object_agg(grid.id, (
        select coalesce(json_agg(cards.card order by cards.at desc, cards.id desc), '[]') from (
          select ${card} as card, ${products.createdAt} as at, ${products.id} as id
          from ${products}
          where ${products.userId} = ${sites.userId} and ${products.published}
            and (grid.category is null or ${products.categoryId} = grid.category)
          order by ${products.createdAt} desc, ${products.id} desc
          limit grid.size) cards)), '{}')
      from (select b -> 'props' ->> 'id' as id, ${intProp('category')} as category,
          coalesce(least(greatest(${intProp('limit')}, 1), ${sql.raw(String(PRODUCT_GRID_MAX))}), 6) as size
        from (${pageBlocks}) blocks
        where b ->> 'type' = 'ProductGrid' and b -> 'props' ->> 'id' is not null) grid`,
    read: (grids: Record<string, (CardFacts & { cover: unknown })[]>) =>
      Object.fromEntries(
        Object.entries(grids).map(([id, cards]) => [
          id,
          cards.map((c) => ({ ...c, cover: cover.read(c.cover as never) })),
        ]),
      ),
  };
})();

/**
 * The site's published pages in path order (the navigation, the sitemap), with the document of the
 * page at the read path alone: the others' would be read, sent out of the database and parsed for
 * nothing.
 */
const pagesPart: JsonPart<{ path: string; title: string | null; data: PageData | null }[]> = {
  sql: sql`select coalesce(json_agg(json_build_object('path', ${sitePages.path},
      'title', ${sitePages.publishedTitle}, 'data', case when ${sitePages.path} = ${sql.placeholder('path')}
      then ${sitePages.publishedData} end)
      order by ${sitePages.path}), '[]')
    from ${sitePages}
    where ${sitePages.siteId} = ${sites.id} and ${sitePages.publishedData} is not null`,
  read: (pages: { path: string; title: string | null; data: PageData | null }[]) => pages,
};

/** The site's SEO image, if its owner still has it. */
const seoImagePart: JsonPart<MediaView | null> = (() => {
  const own = ownMediaPart(sites.userId, sql`${sql.placeholder('seoImage')}::int`);
  return { sql: own.sql, read: (images: never) => own.read(images)[0] ?? null };
})();

const siteReadStatement = perDatabase((db) =>
  db
    .select({
      user: { fullName: users.fullName, email: users.email },
      store: stores,
      pages: jsonColumn(pagesPart),
      images: jsonColumn(pageImagesPart),
      grids: jsonColumn(pageGridsPart),
      seoImage: jsonColumn(seoImagePart),
    })
    .from(sites)
    .innerJoin(users, eq(users.id, sites.userId))
    .leftJoin(stores, eq(stores.userId, sites.userId))
    .where(eq(sites.id, sql.placeholder('siteId')))
    .limit(1)
    .prepare('site_read'),
);
