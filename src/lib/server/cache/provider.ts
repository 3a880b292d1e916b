/**
 * Astro's route cache, kept in this process's memory (`page-cache.ts`) and invalidated on every
 * instance through PostgreSQL's LISTEN/NOTIFY (`bus.ts`). Pages opt in with
 * `Astro.cache.set({ tags, maxAge })`; writes call `cache.invalidate({ tags })`.
 *
 * Astro runs this provider around the whole middleware, so an entry is the response as it
 * leaves, security headers included, and the HTTP server (`http/serve.ts`) can send it again before Astro
 * runs. Only anonymous GETs without a query (campaign parameters aside) are kept (`cacheKey`);
 * nothing is kept until the bus listens, so nothing kept can miss an invalidation. Every answer
 * of a page that names a visit target (`figures/visits.ts`) is counted here, hits included.
 */
import type { CacheProvider, InvalidateOptions } from 'astro';
import { cacheBus } from '@/lib/server/cache/bus';
import {
  cacheKey,
  pageCache,
  pageCacheHooks as hooks,
  withoutTrailingSlash,
} from '@/lib/server/cache/page-cache';

/** Headers Astro's cache sets for the provider; they never leave the server. */
const CACHE_CONTROL_FOR_PROVIDER = 'CDN-Cache-Control';
const CACHE_TAG_HEADER = 'Cache-Tag';

/** Every entry also carries its path as a tag, so `invalidate({ path })` drops it too. */
const pathTag = (path: string) => `path:${withoutTrailingSlash(path)}`;

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

/** The max-age Astro wrote for the provider (`Astro.cache.set({ maxAge })`); none: until invalidated. */
function maxAgeOf(headers: Headers): number | undefined {
  const match = /(?:^|,)\s*max-age=(\d+)/i.exec(headers.get(CACHE_CONTROL_FOR_PROVIDER) ?? '');
  return match ? Number(match[1]) : undefined;
}

/** Builds the provider over a page cache (tests pass their own). */
export function pageCacheProvider(
  cache = pageCache,
  listening: () => boolean = () => cacheBus.isListening(),
  drop: (tags: string[]) => Promise<void> = (tags) => cacheBus.invalidate(...tags),
): CacheProvider {
  return {
    name: 'impulsa-memory',
    async onRequest({ request, url }, next) {
      const key = requestCacheKey(request, url);
      const hit = key === null ? undefined : cache.get(key);
      const visitor = {
        method: request.method,
        userAgent: request.headers.get('user-agent') ?? undefined,
        purpose:
          (request.headers.get('sec-purpose') ?? request.headers.get('purpose')) || undefined,
      };
      if (hit) {
        hooks.recordVisit(hit.visit, visitor);
        return new Response(hit.body.slice(), {
          status: hit.status,
          headers: [...hit.headers, ['X-Render-Cache', 'hit']],
        });
      }
      const response = await next();
      const tags = (response.headers.get(CACHE_TAG_HEADER) ?? '')
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean);
      const maxAge = maxAgeOf(response.headers);
      const visit = hooks.visitHeader
        ? (response.headers.get(hooks.visitHeader) ?? undefined)
        : undefined;
      if (hooks.visitHeader) response.headers.delete(hooks.visitHeader);
      if (response.status === 200) hooks.recordVisit(visit, visitor);
      response.headers.delete(CACHE_TAG_HEADER);
      response.headers.delete(CACHE_CONTROL_FOR_PROVIDER);
      if (
        key === null ||
        tags.length === 0 ||
        response.status !== 200 ||
        response.headers.has('set-cookie') ||
        maxAge === 0 ||
        !listening()
      )
        return response;
      const body = new Uint8Array(await response.arrayBuffer());
      // Hits may come compressed (`PageCache.answer`), so every copy says it varies by encoding.
      response.headers.append('Vary', 'Accept-Encoding');
      const headers = [...response.headers];
      cache.set(
        key,
        { status: 200, headers, body, visit },
        [...tags, pathTag(url.pathname)],
        maxAge,
      );
      return new Response(body, { status: 200, headers: [...headers, ['X-Render-Cache', 'miss']] });
    },
    invalidate({ tags = [], path }: InvalidateOptions) {
      const all = [...(typeof tags === 'string' ? [tags] : tags), ...(path ? [pathTag(path)] : [])];
      return all.length ? drop(all) : Promise.resolve();
    },
  };
}

/**
 * The provider Astro uses (`cache.provider` in astro.config.mjs), and the one writes reach
 * through `cache.invalidate` from services, which run outside a request's context too (jobs).
 */
export const cache = pageCacheProvider();

/** Astro's provider factory: every call hands out the process's one provider. */
export default function provider(): CacheProvider {
  return cache;
}
