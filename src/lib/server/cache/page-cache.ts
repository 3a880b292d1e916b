/**
 * Rendered public pages kept in memory, so the pages many people read are served without
 * rendering (docs/design.md §6). A page opts in by naming the data it shows as tags
 * (`page:/landing`, `product:7`, `site:42`, see `cacheTags`); whoever changes that data calls
 * `invalidate(tag)`, which drops the entries here and, on PostgreSQL, on every other app
 * instance (LISTEN/NOTIFY). When the cache is full, the oldest entry not read lately goes first.
 *
 * One object per process: the render-cache middleware fills it inside Astro, and
 * `scripts/serve.mjs` answers hits through `answer()` before Astro runs.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { SESSION_COOKIE_NAMES } from '@/lib/accounts/session-cookie.server';
import { QUICK_START_COOKIE } from '@/lib/formation/quick-start';
import { getDatabase, type DbHandle } from '@/lib/server/db/client';
import {
  acceptedEncoding,
  compress,
  MIN_COMPRESS_BYTES,
  type Encoding,
} from '@/lib/server/http/encoding';
import { log } from '@/lib/server/log';
import { registerJob } from '@/lib/server/jobs';
import { FLASH_COOKIE } from '@/lib/toast/flash';

export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Uint8Array;
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
}

/** Response header a page sets to be cached (`cacheTags`); the middleware removes it. */
export const CACHE_TAGS_HEADER = 'X-Impulsa-Cache-Tags';

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byTag = new Map<string, Set<string>>();
  private readonly maxEntries: number;

  constructor(maxEntries = 2000) {
    this.maxEntries = maxEntries;
  }

  get(key: string): CachedPage | undefined {
    return this.touch(key)?.page;
  }

  set(key: string, page: CachedPage, tags: readonly string[]): void {
    this.delete(key);
    this.entries.set(key, {
      page,
      tags,
      identity: variant(page.headers, page.body),
      encoded: {},
      used: false,
    });
    for (const tag of tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    while (this.entries.size > this.maxEntries) this.evictOne();
  }

  /** Drops every entry tagged with one of `tags`, in this process only (see `invalidate`). */
  dropTags(tags: readonly string[]): void {
    for (const tag of tags) for (const key of [...(this.byTag.get(tag) ?? [])]) this.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.byTag.clear();
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
    if (entry) entry.used = true;
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
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }
}

/** The raw headers of a hit: the page's own, its length, and that it came from here. */
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

/** A session, a pending toast or a company being started (which /registrate shows) makes a page personal. */
const PERSONAL = new RegExp(
  `(?:^|;\\s*)(?:${[...SESSION_COOKIE_NAMES, FLASH_COOKIE, QUICK_START_COOKIE].join('|')})=`,
);

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
 * The cache key of a request (`host/path`), or null when it must not be served from or
 * stored in the cache: anything but an anonymous GET without a query string.
 */
export function cacheKey(input: CacheableInput): string | null {
  if (
    input.method !== 'GET' ||
    input.path.includes('?') ||
    input.authorization ||
    (input.cookie && PERSONAL.test(input.cookie))
  )
    return null;
  const path =
    input.path.length > 1 && input.path.endsWith('/') ? input.path.slice(0, -1) : input.path;
  return input.host.toLowerCase() + path;
}

/**
 * Marks a page's response as cacheable for anonymous visitors, under the tags of the data it
 * shows. A page that does not call this is never cached.
 */
export function cacheTags(headers: Headers, ...tags: string[]): void {
  headers.set(CACHE_TAGS_HEADER, tags.join(' '));
}

/** The channel on which instances tell each other which tags changed. */
const CHANNEL = 'impulsa_page_cache';

/**
 * Carries invalidations between app instances that share a PostgreSQL database
 * (LISTEN/NOTIFY); on PGlite there is only ever one instance.
 */
export class CacheBus {
  /** This instance, so it can skip its own notifications. */
  private readonly instance = randomUUID();
  private subscribed: Promise<void> | undefined;
  private listening = false;
  private readonly cache: PageCache;
  private readonly database: () => Promise<DbHandle>;
  /** Other in-memory caches that follow the same invalidations (null: drop everything). */
  private readonly followers = new Set<(tags: readonly string[] | null) => void>();

  constructor(cache: PageCache, database: () => Promise<DbHandle>) {
    this.cache = cache;
    this.database = database;
  }

  /**
   * True once this instance hears other instances' invalidations. Until then nothing is
   * stored, so nothing stored can miss one; the first call starts listening.
   */
  isListening(): boolean {
    if (!this.listening)
      void this.subscribe().catch((error) =>
        log.warn('page cache not listening for invalidations yet', { error }),
      );
    return this.listening;
  }

  /**
   * Subscribes to other instances' invalidations, once. After a lost connection the whole
   * cache is dropped, since a notification may have been missed meanwhile.
   */
  subscribe(): Promise<void> {
    return (this.subscribed ??= (async () => {
      const handle = await this.database();
      await handle.listen(
        CHANNEL,
        (payload) => this.receive(payload),
        () => this.drop(null),
      );
      this.listening = true;
    })().catch((error) => {
      this.subscribed = undefined;
      throw error;
    }));
  }

  /** `follower` hears every invalidation this cache hears (for caches of other things than pages). */
  follow(follower: (tags: readonly string[] | null) => void): void {
    this.followers.add(follower);
  }

  /** Drops the pages tagged with `tags` here and on every other instance. */
  async invalidate(...tags: string[]): Promise<void> {
    this.drop(tags);
    await (await this.database()).notify(CHANNEL, JSON.stringify({ from: this.instance, tags }));
  }

  private drop(tags: readonly string[] | null): void {
    if (tags) this.cache.dropTags(tags);
    else this.cache.clear();
    for (const follower of this.followers) follower(tags);
  }

  private receive(payload: string): void {
    try {
      const message = JSON.parse(payload) as { from: string; tags: unknown };
      if (message.from !== this.instance && Array.isArray(message.tags))
        this.drop(message.tags.map(String));
    } catch {
      log.warn('ignored a malformed cache invalidation', { payload });
    }
  }
}

/** The process-wide bus of `pageCache`. */
export const cacheBus = new CacheBus(pageCache, getDatabase);
// Listening from the start: until the bus listens nothing is kept (pages, credentials, versions).
registerJob(
  'cache-bus',
  () =>
    void cacheBus
      .subscribe()
      .catch((error) => log.warn('page cache not listening for invalidations yet', { error })),
);

/** Drops the pages tagged with `tags` here and on every other instance. */
export function invalidate(...tags: string[]): Promise<void> {
  return cacheBus.invalidate(...tags);
}
