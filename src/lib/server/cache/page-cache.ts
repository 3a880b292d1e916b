/**
 * Rendered public pages kept in memory, so the pages many people read are served without
 * rendering (docs/design.md §6): the store behind Astro's route cache (`provider.ts`). When it
 * is full, the oldest entry not read lately goes first; an entry past its max-age is a miss.
 *
 * One object per process: the provider fills it inside Astro, and the HTTP server (`http/serve.ts`) answers
 * hits through `answer()` before Astro runs.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { cookieNames } from '@/lib/cookies';
import { isCampaignParam, paramName } from '@/lib/server/cache/campaign-params';
import {
  acceptedEncoding,
  compress,
  MIN_COMPRESS_BYTES,
  type Encoding,
} from '@/lib/server/http/encoding';

/** Who asked for a page, as the visit counter needs it. */
export interface Visitor {
  method: string;
  userAgent: string | undefined;
  /** `Sec-Purpose` or `Purpose`: a prefetch is not a visit. */
  purpose: string | undefined;
}

/**
 * What the app's features tell the cache about their pages, set once as the app loads
 * (`src/middleware/index.ts`): infrastructure imports no feature.
 */
export interface PageCacheHooks {
  /** The response header in which a page names its visit target (removed before it leaves). */
  visitHeader: string | null;
  /** Counts a visit to `target` (every answer of the page, hits included). */
  recordVisit(target: string | undefined, visitor: Visitor): void;
  /** The part of the key a `Cookie` header picks: one copy per value of a 'per-value' cookie ('': the shared copy). */
  variantOf(cookie: string | undefined): string;
  /**
   * The query parameters public pages render with (a catalogue's search, category, page): a
   * query of only these is kept, one copy per query; any other parameter is never cached.
   */
  queryParams: readonly string[];
}

export const pageCacheHooks: PageCacheHooks = {
  visitHeader: null,
  recordVisit: () => {},
  variantOf: () => '',
  queryParams: [],
};

/** A longer query is rendered anew each time: nobody shares a link that long. */
const MAX_CACHED_QUERY = 200;

/** Installs the features' hooks (once, as the app loads). */
export function configurePageCache(hooks: PageCacheHooks): void {
  Object.assign(pageCacheHooks, hooks);
}

export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Uint8Array;
  /** The visit target the page named (`figures/visits.ts`): each hit counts as a visit. */
  visit?: string;
}

/** A response as `res.writeHead`/`res.end` take it, computed once. */
interface Variant {
  rawHeaders: string[];
  body: Uint8Array;
}

interface Entry {
  page: CachedPage;
  /** Read since the eviction sweep last passed it (second-chance eviction: a hit costs one write). */
  used: boolean;
  tags: readonly string[];
  identity: Variant;
  /** The page compressed, made on the first hit that accepts each encoding (null: not worth it). */
  encoded: Partial<Record<Encoding, Variant | null>>;
  /** Epoch ms after which the entry is a miss. */
  expiresAt: number;
}

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byTag = new Map<string, Set<string>>();
  /** The keys with a query, oldest first: a flood of searches replaces searches, not pages. */
  private readonly queried = new Set<string>();
  private readonly maxEntries: number;
  private readonly maxQueried: number;
  private readonly now: () => number;

  constructor(maxEntries = 2000, now: () => number = Date.now, maxQueried = maxEntries / 4) {
    this.maxEntries = maxEntries;
    this.maxQueried = maxQueried;
    this.now = now;
  }

  get(key: string): CachedPage | undefined {
    return this.touch(key)?.page;
  }

  /** Keeps `page` under `key` for `maxAgeSeconds` (default: until its tags are dropped). */
  set(key: string, page: CachedPage, tags: readonly string[], maxAgeSeconds = Infinity): void {
    this.delete(key);
    this.entries.set(key, {
      page,
      tags,
      identity: variant(page.headers, page.body),
      encoded: {},
      used: false,
      expiresAt: this.now() + maxAgeSeconds * 1000,
    });
    for (const tag of tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    if (key.includes('?')) {
      this.queried.add(key);
      while (this.queried.size > this.maxQueried) this.delete(this.queried.values().next().value!);
    }
    while (this.entries.size > this.maxEntries) this.evictOne();
  }

  /** Drops every entry tagged with one of `tags`, in this process only (see `CacheBus`). */
  dropTags(tags: readonly string[]): void {
    for (const tag of tags) for (const key of [...(this.byTag.get(tag) ?? [])]) this.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.byTag.clear();
    this.queried.clear();
  }

  /**
   * Answers a node:http request from memory when it is a hit; false otherwise (then the
   * request goes on to Astro). The entry already holds the final headers.
   */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' || this.entries.size === 0) return false;
    const key = cacheKey({
      method: 'GET',
      host: req.headers.host ?? '',
      path: req.url ?? '/',
      cookie: req.headers.cookie,
      authorization: req.headers.authorization,
    });
    const entry = key === null ? undefined : this.touch(key);
    if (!entry) return false;
    pageCacheHooks.recordVisit(entry.page.visit, {
      method: 'GET',
      userAgent: req.headers['user-agent'],
      purpose: headerValue(req.headers['sec-purpose'] ?? req.headers.purpose),
    });
    const encoding = acceptedEncoding(req.headers['accept-encoding']);
    const chosen = (encoding && this.encoded(entry, encoding)) || entry.identity;
    res.writeHead(entry.page.status, chosen.rawHeaders);
    res.end(chosen.body);
    return true;
  }

  private encoded(entry: Entry, encoding: Encoding): Variant | null {
    const known = entry.encoded[encoding];
    if (known !== undefined) return known;
    const { headers, body } = entry.page;
    const packed = body.byteLength >= MIN_COMPRESS_BYTES ? compress(body, encoding, 'fast') : null;
    return (entry.encoded[encoding] =
      packed && packed.byteLength < body.byteLength
        ? variant([...headers, ['Content-Encoding', encoding]], packed)
        : null);
  }

  get size(): number {
    return this.entries.size;
  }

  private touch(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) return void this.delete(key);
    entry.used = true;
    return entry;
  }

  /** Drops the oldest entry not read since the sweep last passed; read ones get a second chance. */
  private evictOne(): void {
    for (const [key, entry] of this.entries) {
      if (!entry.used) return this.delete(key);
      entry.used = false;
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.queried.delete(key);
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }
}

/** The raw headers of a hit: the page's own, its length, and that it came from here. */
/** A node:http header's value (a repeated one: its first). */
const headerValue = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value[0] : value;

function variant(headers: [string, string][], body: Uint8Array): Variant {
  return {
    rawHeaders: [
      ...headers.flat(),
      'Content-Length',
      String(body.byteLength),
      'X-Render-Cache',
      'hit',
    ],
    body,
  };
}

/** The process-wide page cache. */
export const pageCache = new PageCache();

/** The cookies that make a page its reader's own (`lib/cookies.ts`: a session, a toast, a company being started). */
const PERSONAL = new RegExp(`(?:^|;\\s*)(?:${cookieNames('publicPage', 'personal').join('|')})=`);

/** What decides cacheability, as both Astro's Request and node:http's IncomingMessage give it. */
export interface CacheableInput {
  method: string;
  host: string;
  /** Path and query as requested. */
  path: string;
  cookie: string | undefined;
  authorization: string | undefined;
}

/**
 * The cache key of a request (`host/path?query`), or null when it must not be served from or
 * stored in the cache: anything but an anonymous GET whose query (campaign parameters aside,
 * `campaign-params.ts`) holds only the pages' own parameters (`queryParams`).
 */
export function cacheKey(input: CacheableInput): string | null {
  if (
    input.method !== 'GET' ||
    input.authorization ||
    (input.cookie && PERSONAL.test(input.cookie))
  )
    return null;
  const path = keyPath(input.path);
  return path === null
    ? null
    : input.host.toLowerCase() + path + pageCacheHooks.variantOf(input.cookie);
}

/**
 * The path part of a key: without a trailing slash, without campaign parameters, and the rest of
 * the query in name order (`?b=2&a=1` is the page `?a=1&b=2` is). Null when a parameter is not
 * one the pages render with (`queryParams`), comes twice (`?q=a&q=b` reads as `a`, `?q=b&q=a` as
 * `b`), or the query is too long to be worth keeping. One pass: every cached answer runs it.
 */
function keyPath(path: string): string | null {
  const start = path.indexOf('?');
  if (start === -1) return withoutTrailingSlash(path);
  const kept: string[] = [];
  const names: string[] = [];
  let length = 0;
  for (const pair of path.slice(start + 1).split('&')) {
    if (pair === '') continue;
    const name = paramName(pair);
    if (isCampaignParam(name)) continue;
    if (!pageCacheHooks.queryParams.includes(name) || names.includes(name)) return null;
    length += pair.length + 1;
    if (length > MAX_CACHED_QUERY) return null;
    names.push(name);
    kept.push(pair);
  }
  const bare = withoutTrailingSlash(path.slice(0, start));
  return kept.length ? `${bare}?${kept.sort().join('&')}` : bare;
}

/** `/a/` and `/a` are one page (the app redirects one to the other). */
export const withoutTrailingSlash = (path: string) =>
  path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
