/**
 * A map that keeps at most `max` entries: setting one past the limit drops the oldest set. For
 * in-memory caches keyed by what requests bring (hosts, credentials), so a flood of new keys
 * cannot grow memory without bound.
 */
export class BoundedMap<K, V> {
  private readonly map = new Map<K, V>();
  private readonly max: number;

  constructor(max: number) {
    this.max = max;
  }

  get(key: K): V | undefined {
    return this.map.get(key);
  }

  /** Sets `key` as the newest entry. */
  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as K);
  }

  delete(key: K): void {
    this.map.delete(key);
  }

  /** Deletes every entry `remove` says yes to. */
  deleteWhere(remove: (value: V, key: K) => boolean): void {
    for (const [key, value] of this.map) if (remove(value, key)) this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
  }

  get size(): number {
    return this.map.size;
  }
}
