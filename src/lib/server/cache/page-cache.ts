import { FLASH_COOKIE } from '../../toast/flash.ts';

/**
 * Rendered public pages kept in memory, so the pages many people read are served without
 * rendering (DESIGN.md §6). Entries are dropped when their data changes (`invalidate`), and
 * the oldest go first when the cache is full.
 */

export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Uint8Array;
}

export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  private readonly maxEntries: number;

  constructor(maxEntries = 500) {
    this.maxEntries = maxEntries;
  }

  get(key: string): CachedPage | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, page: CachedPage): void {
    this.entries.delete(key);
    this.entries.set(key, page);
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Drops every entry whose key starts with `prefix` (a host, or host + path). */
  invalidate(prefix = ''): void {
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}

const KEY = Symbol.for('impulsa.page-cache');
const slots = globalThis as unknown as Record<symbol, PageCache | undefined>;

/** The process-wide page cache. */
export const pageCache: PageCache = (slots[KEY] ??= new PageCache());

/** Public pages whose anonymous rendering is the same for everyone. */
export const CACHEABLE_PATHS = new Set(['/', '/landing']);

/** A session or a pending toast makes the page personal. */
const PERSONAL = new RegExp(`(?:^|;\\s*)(impulsa_session|__Host-impulsa_session|${FLASH_COOKIE})=`);

/** What decides cacheability, as both Astro's Request and node:http's IncomingMessage give it. */
export interface CacheableInput {
  method: string;
  host: string;
  /** Path and query as requested. */
  path: string;
  cookie: string | undefined;
  authorization: string | undefined;
}

/** The cache key of a request, or null when it must not be served from or stored in the cache. */
export function cacheKey(input: CacheableInput): string | null {
  if (input.method !== 'GET' || input.path.includes('?') || input.authorization) return null;
  const path = input.path.replace(/\/$/, '') || '/';
  if (!CACHEABLE_PATHS.has(path) || PERSONAL.test(input.cookie ?? '')) return null;
  return `${input.host.toLowerCase()}${path}`;
}
