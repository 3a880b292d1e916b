/**
 * The two queries every owned resource needs: one row of its owner (else a 404, exactly as if
 * it did not exist: docs/design.md §4) and one page of the owner's rows; and `readParts`, which
 * reads what several features own in one round trip.
 */
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '@/lib/server/db/client';
import { HttpError } from '@/lib/server/http/errors';

/** A table whose rows have an integer `id` and belong to a user (`userId`). */
type OwnedTable = PgTable & { id: AnyPgColumn; userId: AnyPgColumn };

/** The row `id` of `table` if `userId` owns it; otherwise a 404 with `message`. */
export async function ownedOr404<T extends OwnedTable>(
  db: Db,
  table: T,
  userId: number,
  id: number,
  message: string,
): Promise<T['$inferSelect']> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), eq(table.userId, userId)))
    .limit(1);
  if (!row) throw new HttpError(404, message);
  return row as T['$inferSelect'];
}

/** Page `page` (from 1) of the rows of `table` matching `where`, in `orderBy` order, and how many match in all. */
export async function listPage<T extends PgTable>(
  db: Db,
  table: T,
  where: SQL | undefined,
  orderBy: (AnyPgColumn | SQL)[],
  page: number,
  pageSize: number,
): Promise<{ total: number; rows: T['$inferSelect'][] }> {
  const [counted, rows] = await Promise.all([
    db
      .select({ total: count() })
      .from(table as PgTable)
      .where(where),
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(...orderBy)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  return { total: Number(counted[0]?.total ?? 0), rows: rows as T['$inferSelect'][] };
}

/**
 * One feature's share of a statement that reads several features at once: an SQL expression
 * yielding JSON (usually a scalar subquery) and how that JSON reads. The feature that owns the
 * tables owns the SQL; whoever needs several of them calls `readParts`.
 */
export interface JsonPart<T> {
  sql: SQL;
  read: (json: never) => T;
}

/** What `readParts` answers for parts `P`: each part's value as its `read` gives it. */
export type PartValues<P extends Record<string, JsonPart<unknown>>> = {
  [K in keyof P]: ReturnType<P[K]['read']>;
};

/** JSON as the driver hands it over: a string (Drizzle keeps drivers from parsing) or a parsed value. */
const fromJson = (value: unknown): unknown =>
  typeof value === 'string' ? JSON.parse(value) : value;

/**
 * Reads every part in ONE statement (`select (…) as a, (…) as b`): each round trip has a fixed
 * cost (on PGlite queries also run one after another), so a page that needs ten small facts
 * pays it once instead of ten times.
 */
export async function readParts<P extends Record<string, JsonPart<unknown>>>(
  db: Db,
  parts: P,
): Promise<PartValues<P>> {
  const fields = Object.fromEntries(
    Object.entries(parts).map(([key, part]) => [key, sql`(${part.sql})`.mapWith(fromJson)]),
  );
  const [row] = await db.select(fields).from(sql`(select 1) as one`);
  return Object.fromEntries(
    Object.entries(parts).map(([key, part]) => [key, part.read(row![key] as never)]),
  ) as PartValues<P>;
}
