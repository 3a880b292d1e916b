/**
 * `/tienda/{seller}/feeds/google.xml` and `…/meta.csv`: a shop's catalogue for Google Merchant
 * Center and Meta Commerce Manager on the main domains, public and streamed (`feeds.server.ts`).
 * A small shop's feed is cached until its products or its settings change.
 */
import type { APIRoute } from 'astro';
import { feedResponse } from '@/lib/feeds/feeds.server';
import { feedOfFile } from '@/lib/feeds/urls';
import { parseId } from '@/lib/ids';
import { shopCataloguePath, shopProductPath } from '@/lib/shop/urls';
import { publishedSiteUrl } from '@/lib/sites/published.server';
import { PUBLIC_PAGE_MAX_AGE, tags } from '@/lib/server/cache/tags';
import { siteUrl } from '@/lib/server/config';
import { getDb } from '@/lib/server/db/client';
import { methodNotAllowed } from '@/lib/server/http/json';

export const GET: APIRoute = async ({ params, cache }) => {
  const sellerId = parseId(params.sellerId ?? '');
  const feed = feedOfFile(params.file ?? '');
  const db = await getDb();
  const origin = siteUrl().origin;
  const answer =
    sellerId !== null && feed
      ? await feedResponse(db, sellerId, feed, {
          origin,
          shop: (await publishedSiteUrl(db, sellerId)) ?? origin + shopCataloguePath(sellerId),
          product: (p) => origin + shopProductPath(p.id),
        })
      : null;
  if (!answer || sellerId === null)
    return new Response('No encontramos esta tienda.', { status: 404 });
  if (answer.cacheable)
    cache.set({
      tags: [tags.catalogue(sellerId), tags.store(sellerId)],
      maxAge: PUBLIC_PAGE_MAX_AGE,
    });
  return answer.response;
};

export const ALL = methodNotAllowed('GET');
