/**
 * Which published site a host serves, kept in memory: after the first request for a host its
 * site is one map lookup away. Bounded, so a flood of made-up hosts cannot grow it: past
 * `max` the oldest entry goes. It follows the page cache's invalidations (`site:N` drops site
 * N, and every "no site here" answer, since the change may be the one that makes a host
 * answer: a publish, a verified domain), on this instance and, through LISTEN/NOTIFY, on others.
 */
import { BoundedMap } from '@/lib/server/cache/bounded-map';
import { cacheBus } from '@/lib/server/cache/bus';

const SITE_TAG = /^site:(\d+)$/;

export class HostCache<Row extends { id: number }> {
  private readonly entries: BoundedMap<string, Row | null>;

  constructor(max = 10_000) {
    this.entries = new BoundedMap(max);
  }

  /** The cached answer: a row, null (known: no site), or undefined (not cached). */
  get(key: string): Row | null | undefined {
    return this.entries.get(key);
  }

  set(key: string, row: Row | null): void {
    this.entries.set(key, row);
  }

  /** Applies an invalidation of the page cache's tags (null: everything). */
  drop(tags: readonly string[] | null): void {
    if (!tags) return this.entries.clear();
    const ids = new Set(tags.flatMap((t) => SITE_TAG.exec(t)?.[1] ?? []).map(Number));
    if (ids.size === 0) return;
    this.entries.deleteWhere((row) => row === null || ids.has(row.id));
  }

  get size(): number {
    return this.entries.size;
  }
}

let shared: HostCache<{ id: number }> | undefined;

/** The process-wide cache of host → published site. */
export function hostCache<Row extends { id: number }>(): HostCache<Row> {
  let cache = shared;
  if (!cache) {
    cache = shared = new HostCache();
    cacheBus.follow((event) => {
      if (event.kind !== 'users') cache!.drop(event.kind === 'tags' ? event.tags : null);
    });
  }
  return cache as HostCache<Row>;
}
