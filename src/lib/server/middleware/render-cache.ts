import { defineMiddleware } from 'astro:middleware';
import { cacheKey, pageCache, type PageCache } from '../cache/page-cache.ts';

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
 * Builds the middleware around a cache (tests pass their own). It is the outermost step, so
 * an entry holds the final response, headers included, and `scripts/serve.mjs` can answer a
 * hit without entering Astro at all.
 */
export function renderCacheWith(cache: PageCache) {
  return defineMiddleware(async (context, next) => {
    const key = requestCacheKey(context.request, context.url);
    if (key === null) return next();
    const hit = cache.get(key);
    if (hit) return new Response(hit.body.slice(), { status: hit.status, headers: [...hit.headers, ['X-Render-Cache', 'hit']] });
    const response = await next();
    const type = response.headers.get('content-type') ?? '';
    if (response.status !== 200 || !type.startsWith('text/html') || response.headers.has('set-cookie')) return response;
    const body = new Uint8Array(await response.arrayBuffer());
    cache.set(key, { status: 200, headers: [...response.headers], body });
    return new Response(body.slice(), { status: 200, headers: [...response.headers, ['X-Render-Cache', 'miss']] });
  });
}

/** Serves anonymous requests for the home and landing pages from memory. */
export const renderCache = renderCacheWith(pageCache);
