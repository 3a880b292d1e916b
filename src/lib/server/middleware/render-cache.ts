import { defineMiddleware } from 'astro:middleware';
import {
  CACHE_TAGS_HEADER,
  cacheBus,
  cacheKey,
  pageCache,
  type PageCache,
} from '@/lib/server/cache/page-cache';

/** The cache key of an Astro request (see `cacheKey`). */
export function requestCacheKey(request: Request, url: URL): string | null {
  return cacheKey({
    method: request.method,
    host: request.headers.get('host') ?? url.host,
    path: url.pathname + url.search,
    cookie: request.headers.get('cookie') ?? undefined,
    authorization: request.headers.get('authorization') ?? undefined,
  });
}

/**
 * Builds the middleware around a cache (tests pass their own). It is outside every step that
 * changes a response, so an entry holds the final response, headers included. It only fills the cache: hits are
 * answered by `PageCache.answer` in `scripts/serve.mjs`, before Astro runs. Off under
 * `astro dev`, where pages change with every save.
 */
export function renderCacheWith(cache: PageCache, listening: () => boolean, enabled = true) {
  return defineMiddleware(async (context, next) => {
    // The key of the request as it came: a site's pages are rewritten to /_site/… further in.
    const key = requestCacheKey(context.request, new URL(context.url));
    const response = await next();
    const tags = response.headers.get(CACHE_TAGS_HEADER);
    if (tags === null) return response;
    response.headers.delete(CACHE_TAGS_HEADER);
    const type = response.headers.get('content-type') ?? '';
    if (
      !enabled ||
      key === null ||
      response.status !== 200 ||
      !type.startsWith('text/html') ||
      response.headers.has('set-cookie') ||
      !listening()
    )
      return response;
    const body = new Uint8Array(await response.arrayBuffer());
    // Hits may come compressed (`PageCache.answer`), so every copy says it varies by encoding.
    response.headers.append('Vary', 'Accept-Encoding');
    const headers = [...response.headers];
    cache.set(key, { status: 200, headers, body }, tags.split(' ').filter(Boolean));
    return new Response(body, { status: 200, headers: [...headers, ['X-Render-Cache', 'miss']] });
  });
}

/** Stores the anonymous rendering of pages that declared cache tags. */
export const renderCache = renderCacheWith(
  pageCache,
  () => cacheBus.isListening(),
  !import.meta.env.DEV,
);
