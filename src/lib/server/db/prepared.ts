/**
 * A statement built once per database, for the reads that run on every request: Drizzle builds a
 * query's SQL anew on each call otherwise, which costs more than PGlite takes to run a small one.
 */
import type { Db } from '@/lib/server/db/handle';

/** `build(db)` for each database once (tests open several; the server one), then kept. */
export function perDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const kept = new WeakMap<Db, T>();
  return (db) => {
    let statement = kept.get(db);
    if (statement === undefined) kept.set(db, (statement = build(db)));
    return statement;
  };
}
