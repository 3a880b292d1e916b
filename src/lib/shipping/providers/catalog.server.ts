/** What the courier adapters share: their catalogues kept per host, and JSON scalars as text. */

export const DAY_MS = 24 * 3_600_000;

/**
 * A catalogue (a courier's comunas, its kinds of service) read once per key, the host included,
 * and kept `ttlMs`; concurrent asks share one read, and a failed read is not kept: the next asks
 * again.
 */
export function keptFor<T>(ttlMs: number) {
  const kept = new Map<string, { at: number; value: Promise<T> }>();
  return (key: string, load: () => Promise<T>): Promise<T> => {
    const hit = kept.get(key);
    if (hit && Date.now() - hit.at < ttlMs) return hit.value;
    const value = load();
    const entry = { at: Date.now(), value };
    value.catch(() => {
      if (kept.get(key) === entry) kept.delete(key);
    });
    kept.set(key, entry);
    return value;
  };
}

/** A scalar of a courier's JSON as text; anything else (or empty) is null. */
export const textOf = (v: unknown): string | null =>
  typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : null;
