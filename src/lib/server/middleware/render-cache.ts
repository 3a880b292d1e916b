import { defineMiddleware } from 'astro:middleware';
import { FLASH_COOKIE } from '../../toast/flash.ts';
import { pageCache, type PageCache } from '../cache/page-cache.ts';

/** Public pages whose anonymous rendering is the same for everyone. */
export const CACHEABLE_PATHS = new Set(['/', '/landing']);

/** A session or a pending toast makes the page personal. */
const PERSONAL = new RegExp(`(?:^|;\\s*)(impulsa_session|__Host-impulsa_session|${FLASH_COOKIE})=`);

/** True when the request may be answered from, and stored in, the shared cache. */
export function isCacheable(request: Request, url: URL): boolean {
  if (request.method !== 'GET' || url.search || !CACHEABLE_PATHS.has(url.pathname.replace(/\/$/, '') || '/')) return false;
  if (request.headers.has('authorization')) return false;
  return !PERSONAL.test(request.headers.get('cookie') ?? '');
}

/** Builds the middleware around a cache (tests pass their own). */
export function renderCacheWith(cache: PageCache) {
  return defineMiddleware(async (context, next) => {
    if (!isCacheable(context.request, context.url)) return next();
    const key = `${context.url.host}${context.url.pathname.replace(/\/$/, '') || '/'}`;
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
