/**
 * Carries what changed between app instances that share a PostgreSQL database (LISTEN/NOTIFY),
 * as typed events: cache tags (the page cache, and the caches of other things that follow them:
 * dashboard versions, host lookups) and users whose credentials or identity changed (the
 * credential cache). On PGlite there is only ever one instance.
 */
import { randomUUID } from 'node:crypto';
import { getDatabase, type DbHandle } from '@/lib/server/db/client';
import { log } from '@/lib/server/log';
import { registerJob } from '@/lib/server/jobs';
import { pageCache, type PageCache } from '@/lib/server/cache/page-cache';

/** The channel on which instances tell each other what changed. */
const CHANNEL = 'impulsa_page_cache';

/**
 * What one instance tells the others. `all`: a notification may have been missed (a lost
 * connection), so everything kept is dropped.
 */
export type BusEvent =
  | { kind: 'tags'; tags: readonly string[] }
  | { kind: 'users'; ids: readonly number[] }
  | { kind: 'all' };

/** A message on the channel: its sender and the event (`tags` alone: an older instance's). */
interface BusMessage {
  from: string;
  users?: number[];
  tags?: string[];
}

/** The bus of one page cache (tests make their own pairs). */
export class CacheBus {
  /** This instance, so it can skip its own notifications. */
  private readonly instance = randomUUID();
  private subscribed: Promise<void> | undefined;
  private listening = false;
  private readonly cache: PageCache;
  private readonly database: () => Promise<DbHandle>;
  /** The in-memory caches that follow the events. */
  private readonly followers = new Set<(event: BusEvent) => void>();

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
        () => this.apply({ kind: 'all' }),
      );
      this.listening = true;
    })().catch((error) => {
      this.subscribed = undefined;
      throw error;
    }));
  }

  /** `follower` hears every event this instance hears, its own included. */
  follow(follower: (event: BusEvent) => void): void {
    this.followers.add(follower);
  }

  /** Drops the pages tagged with `tags` here and on every other instance. */
  async invalidate(...tags: string[]): Promise<void> {
    await this.publish({ kind: 'tags', tags });
  }

  /** Tells every instance that these users' credentials or identity changed (a revocation, an edit). */
  async usersChanged(...ids: number[]): Promise<void> {
    await this.publish({ kind: 'users', ids });
  }

  private async publish(event: Exclude<BusEvent, { kind: 'all' }>): Promise<void> {
    this.apply(event);
    const message: BusMessage =
      event.kind === 'tags'
        ? { from: this.instance, tags: [...event.tags] }
        : { from: this.instance, users: [...event.ids] };
    await (await this.database()).notify(CHANNEL, JSON.stringify(message));
  }

  private apply(event: BusEvent): void {
    if (event.kind === 'tags') this.cache.dropTags(event.tags);
    else if (event.kind === 'all') this.cache.clear();
    for (const follower of this.followers) follower(event);
  }

  private receive(payload: string): void {
    try {
      const message = JSON.parse(payload) as BusMessage;
      if (message.from === this.instance) return;
      if (Array.isArray(message.users))
        this.apply({ kind: 'users', ids: message.users.map(Number).filter(Number.isSafeInteger) });
      else if (Array.isArray(message.tags))
        this.apply({ kind: 'tags', tags: message.tags.map(String) });
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
