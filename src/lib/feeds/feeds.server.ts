/**
 * A shop's catalogue feeds as streamed responses: its published products read 500 at a time in
 * the order of `products_user_created_idx` (keyset, so the 200th batch costs what the first did),
 * each written out as it arrives. A shop of 100,000 products never has them all in memory.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { feedItems, type FeedProduct } from '@/lib/feeds/feed-items';
import { GOOGLE_FEED_TAIL, googleFeedHead, googleFeedItem } from '@/lib/feeds/google-feed';
import { META_FEED_HEAD, metaFeedItem, metaFeedLine } from '@/lib/feeds/meta-feed';
import type { FeedKind } from '@/lib/feeds/urls';
import { productCoverPart } from '@/lib/shop/media.server';
import { descriptionText } from '@/lib/shop/rich-text.server';
import { productVariantsPart } from '@/lib/shop/variants.server';
import type { Db } from '@/lib/server/db/client';
import { perDatabase } from '@/lib/server/db/prepared';
import { jsonColumn } from '@/lib/server/db/queries';
import { productCounts, products, stores, users } from '@/lib/server/db/schema';

const BATCH = 500;
/**
 * A feed is kept in the route cache only up to this many products (about 0.7 MB of XML): a
 * larger one is streamed anew each time, which Google and Meta ask for once a day or so.
 */
export const FEED_CACHE_MAX_PRODUCTS = 1000;

/** Where the feed's links point: the shop's address and each product's page. */
export interface FeedPlace {
  /** The host's origin, for images (served on every host). */
  origin: string;
  shop: string;
  product: (p: { id: number; slug: string }) => string;
}

const batchStatement = perDatabase((db) =>
  db
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      description: products.description,
      price: products.price,
      compareAtPrice: products.compareAtPrice,
      stock: products.stock,
      brand: products.brand,
      gtin: products.gtin,
      // As text: a JavaScript Date would drop the microseconds the next batch starts after.
      createdAt: sql<string>`${products.createdAt}::text`,
      cover: jsonColumn(productCoverPart(products.id)),
      variants: jsonColumn(productVariantsPart(products.id)),
    })
    .from(products)
    .where(
      and(
        eq(products.userId, sql.placeholder('userId')),
        eq(products.published, true),
        sql`(${products.createdAt}, ${products.id}) >
          (${sql.placeholder('afterCreated')}::timestamptz, ${sql.placeholder('afterId')}::int)`,
      ),
    )
    .orderBy(asc(products.createdAt), asc(products.id))
    .limit(BATCH)
    .prepare('feed_batch'),
);

type BatchRow = Awaited<ReturnType<ReturnType<typeof batchStatement>['execute']>>[number];

/**
 * The shop's name and how many products it publishes; null when there is no shop: no such seller,
 * a deleted account, or an account that never made a shop (its feed is a 404, like its pages).
 */
async function feedShop(db: Db, sellerId: number) {
  const [row] = await db
    .select({ name: stores.name, published: productCounts.published })
    .from(users)
    .innerJoin(stores, eq(stores.userId, users.id))
    .leftJoin(productCounts, eq(productCounts.userId, users.id))
    .where(and(eq(users.id, sellerId), isNull(users.deletedAt)));
  return row ? { name: row.name || 'Tienda', published: row.published ?? 0 } : null;
}

function feedProduct(row: BatchRow, place: FeedPlace): FeedProduct {
  return {
    id: row.id,
    name: row.name,
    description: descriptionText(row.description, 5000),
    price: row.price,
    compareAtPrice: row.compareAtPrice,
    stock: row.stock,
    brand: row.brand,
    gtin: row.gtin,
    link: place.product(row),
    image: row.cover?.url ? place.origin + row.cover.url : null,
    imageJpeg: row.cover?.share_url ? place.origin + row.cover.share_url : null,
    variants: row.variants.map((v) => ({
      id: v.id,
      name: v.name,
      price: v.price,
      compareAtPrice: v.compare_at_price,
      stock: v.stock,
      sku: v.sku,
      enabled: v.enabled,
    })),
  };
}

/** Every published product of the seller, a batch at a time, oldest first. */
export async function* feedProducts(
  db: Db,
  sellerId: number,
  place: FeedPlace,
): AsyncGenerator<FeedProduct[]> {
  let after = { afterCreated: '-infinity', afterId: 0 };
  for (;;) {
    const rows = await batchStatement(db).execute({ userId: sellerId, ...after });
    if (rows.length) yield rows.map((row) => feedProduct(row, place));
    if (rows.length < BATCH) return;
    const last = rows[rows.length - 1]!;
    after = { afterCreated: last.createdAt, afterId: last.id };
  }
}

const FORMATS = {
  google: {
    type: 'application/xml; charset=utf-8',
    head: (shop: string, link: string) => googleFeedHead({ title: shop, link }),
    item: googleFeedItem,
    tail: GOOGLE_FEED_TAIL,
  },
  meta: {
    type: 'text/csv; charset=utf-8',
    head: () => metaFeedLine(META_FEED_HEAD),
    item: metaFeedItem,
    tail: '',
  },
} as const;

/**
 * The seller's feed, streamed; null when no such seller exists (a 404). `cacheable`: small enough
 * for the route cache (`FEED_CACHE_MAX_PRODUCTS`).
 */
export async function feedResponse(
  db: Db,
  sellerId: number,
  feed: FeedKind,
  place: FeedPlace,
): Promise<{ response: Response; cacheable: boolean } | null> {
  const shop = await feedShop(db, sellerId);
  if (!shop) return null;
  const format = FORMATS[feed];
  const encoder = new TextEncoder();
  const batches = feedProducts(db, sellerId, place);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(format.head(shop.name, place.shop)));
    },
    async pull(controller) {
      // A turn of the event loop between batches: PGlite answers without one, and the socket
      // only sends what was written when the loop turns, so without it the whole feed would wait
      // in memory for the last batch. It also lets other requests in.
      await new Promise((resolve) => setImmediate(resolve));
      const next = await batches.next();
      if (next.done) {
        if (format.tail) controller.enqueue(encoder.encode(format.tail));
        controller.close();
        return;
      }
      const text = next.value.flatMap((p) => feedItems(p, shop.name).map(format.item)).join('');
      controller.enqueue(encoder.encode(text));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  return {
    response: new Response(body, {
      headers: {
        'Content-Type': format.type,
        // Merchant Center and Commerce Manager fetch on a schedule; an hour late is on time.
        'Cache-Control': 'public, max-age=3600',
      },
    }),
    cacheable: shop.published <= FEED_CACHE_MAX_PRODUCTS,
  };
}
