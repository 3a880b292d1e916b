/**
 * The seller's `/canales` page: each feed's addresses, how many products go in, and the published
 * products Google or Meta would turn away with the reasons (`feedProblems`, the one rule).
 */
import { and, asc, eq, lte, or, sql } from 'drizzle-orm';
import { feedProblems } from '@/lib/feeds/feed-items';
import { FEED_FILES, shopFeedPath, type FeedKind } from '@/lib/feeds/urls';
import { productImages, productCounts, products } from '@/lib/server/db/schema';
import { siteUrl } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/client';
import { publishedSiteUrl } from '@/lib/sites/published.server';

/** Products listed as turned away, at most: the seller fixes a few, then looks again. */
export const REJECTED_SHOWN = 50;

export interface ChannelsView {
  /** Each feed's address on the main domains, and on the published site when there is one. */
  feeds: Record<FeedKind, { main: string; site: string | null }>;
  published: number;
  rejected: { id: number; name: string; problems: string[] }[];
  /** More were found than `rejected` lists. */
  moreRejected: boolean;
}

export async function channelsView(db: Db, sellerId: number): Promise<ChannelsView> {
  const hasImage = sql`exists (select 1 from ${productImages}
    where ${productImages.productId} = ${products.id})`;
  const [site, counts, candidates] = await Promise.all([
    publishedSiteUrl(db, sellerId),
    db
      .select({ published: productCounts.published })
      .from(productCounts)
      .where(eq(productCounts.userId, sellerId)),
    // What might be turned away, by the same marks `feedProblems` reads; it has the last word.
    db
      .select({
        id: products.id,
        name: products.name,
        price: products.price,
        image: sql<boolean>`${hasImage}`,
      })
      .from(products)
      .where(
        and(
          eq(products.userId, sellerId),
          eq(products.published, true),
          or(
            sql`not ${hasImage}`,
            lte(products.price, 0),
            sql`(${products.name} = upper(${products.name}) and ${products.name} <> lower(${products.name}))`,
          ),
        ),
      )
      .orderBy(asc(products.name), asc(products.id))
      .limit(REJECTED_SHOWN * 2),
  ]);
  const rejected = candidates
    .map((p) => ({
      id: p.id,
      name: p.name,
      problems: feedProblems({ name: p.name, price: p.price, image: p.image ? 'yes' : null }),
    }))
    .filter((p) => p.problems.length > 0);
  const origin = siteUrl().origin;
  const feeds = Object.fromEntries(
    (Object.keys(FEED_FILES) as FeedKind[]).map((feed) => [
      feed,
      {
        main: origin + shopFeedPath(feed, sellerId),
        site: site && site + shopFeedPath(feed, null),
      },
    ]),
  ) as ChannelsView['feeds'];
  return {
    feeds,
    published: counts[0]?.published ?? 0,
    rejected: rejected.slice(0, REJECTED_SHOWN),
    moreRejected: rejected.length > REJECTED_SHOWN,
  };
}
