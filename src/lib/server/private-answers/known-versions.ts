/**
 * The dashboard versions this instance has read, kept in memory so that a kept dashboard
 * (`kept-answers.ts`) is answered without asking the database whether it is still current.
 *
 * A version moves in the database (migration 0009's triggers), which announces it at commit on the
 * cache bus as `dashboard:<user id>` (migration 0010). Hearing that, this instance forgets the
 * user's version; the next visit reads it again. PGlite delivers the announcement before the
 * writing statement returns, so nothing here is ever behind it. On PostgreSQL another instance's
 * write, or another person's (a buyer's order), arrives with LISTEN/NOTIFY's delay, and the
 * user's own writes on this instance are forgotten by `keepPrivateAnswers` as they are answered.
 *
 * A read that overlaps a forgetting must not bring back what it read: `mark()` before the read
 * and `learn(…, mark)` after store nothing if that user was forgotten meanwhile. Versions are
 * learnt only while the bus is listening, as every cache that follows it.
 */
import { BoundedMap } from '@/lib/server/cache/bounded-map';
import { cacheBus } from '@/lib/server/cache/bus';
import { parseTag } from '@/lib/server/cache/tags';

export class KnownVersions {
  private readonly versions: BoundedMap<number, number>;
  private readonly max: number;
  /** Counts forgettings; a mark is its value when a read began. */
  private generation = 0;
  /** When each user was last forgotten (a generation): a read marked before it may be older. */
  private readonly forgottenAt = new Map<number, number>();
  /** A read marked before this is trusted for nobody (everything was dropped, or `forgottenAt` was emptied). */
  private floor = 0;

  constructor(max = 10_000) {
    this.max = max;
    this.versions = new BoundedMap(max);
  }

  /** The user's version as last read, while nothing has said it moved. */
  get(userId: number): number | undefined {
    return this.versions.get(userId);
  }

  /** Taken before reading a version from the database, and handed to `learn` with it. */
  mark(): number {
    return this.generation;
  }

  /** Remembers a version read since `mark`, unless the user was forgotten meanwhile. */
  learn(userId: number, version: number, mark: number): void {
    if (mark >= this.floor && (this.forgottenAt.get(userId) ?? 0) <= mark)
      this.versions.set(userId, version);
  }

  forget(userId: number): void {
    this.versions.delete(userId);
    this.forgottenAt.set(userId, ++this.generation);
    // Bounded: past `max` users, the record starts over and every read in flight is distrusted.
    if (this.forgottenAt.size > this.max) this.distrustAll();
  }

  /** Applies the bus's invalidations (null: everything, after a lost connection). */
  drop(tags: readonly string[] | null): void {
    if (!tags) {
      this.versions.clear();
      return this.distrustAll();
    }
    for (const tag of tags) {
      const id = parseTag(tag, 'dashboard');
      if (id) this.forget(id);
    }
  }

  private distrustAll(): void {
    this.forgottenAt.clear();
    this.floor = ++this.generation;
  }
}

let shared: KnownVersions | undefined;

/** The process's known dashboard versions, following the cache bus. */
export function knownVersions(): KnownVersions {
  let known = shared;
  if (!known) {
    known = shared = new KnownVersions();
    cacheBus.follow((event) => {
      if (event.kind !== 'users') known!.drop(event.kind === 'tags' ? event.tags : null);
    });
  }
  return known;
}
