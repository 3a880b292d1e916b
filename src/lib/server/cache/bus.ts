/**
 * Carries cache invalidations between app instances that share a PostgreSQL database
 * (LISTEN/NOTIFY): the page cache and the caches that follow it (credentials, dashboard
 * versions) drop what another instance changed. On PGlite there is only ever one instance.
 */
import { randomUUID } from 'node:crypto';
import { getDatabase, type DbHandle } from '@/lib/server/db/client';
import { log } from '@/lib/server/log';
import { registerJob } from '@/lib/server/jobs';
import { pageCache, type PageCache } from '@/lib/server/cache/page-cache';

/** The channel on which instances tell each other which tags changed. */
const CHANNEL = 'impulsa_page_cache';

/** The bus of one page cache (tests make their own pairs). */
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
