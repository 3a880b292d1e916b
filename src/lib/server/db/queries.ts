/**
 * The two queries every owned resource needs: one row of its owner (else a 404, exactly as if
 * it did not exist: docs/design.md §4) and one page of the owner's rows; and `readParts`, which
 * reads what several features own in one round trip.
 */
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '@/lib/server/db/client';
import { isUniqueViolation } from '@/lib/server/db/errors';
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
    // tsc needs the assertion that the rule calls unnecessary: drizzle's `from` refuses the generic.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- see above
    .from(table as PgTable)
    .where(and(eq(table.id, id), eq(table.userId, userId)))
    .limit(1);
  if (!row) throw new HttpError(404, message);
  return row;
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
  return { total: Number(counted[0]?.total ?? 0), rows: rows };
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
  [K in keyof P]: P[K] extends JsonPart<infer T> ? T : never;
};

/** JSON as the driver hands it over: a string (Drizzle keeps drivers from parsing) or a parsed value. */
const fromJson = (value: unknown): unknown =>
  typeof value === 'string' ? JSON.parse(value) : value;

/** A part as one column of a select: its JSON, read as the part reads it. */
export function jsonColumn<T>(part: JsonPart<T>): SQL<T> {
  return sql`(${part.sql})`.mapWith((value: unknown) => part.read(fromJson(value) as never));
}

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
    Object.entries(parts).map(([key, part]) => [key, jsonColumn(part)]),
  );
  const [row] = await db.select(fields).from(sql`(select 1) as one`);
  return row as PartValues<P>;
}

/**
 * Runs `work` (a whole transaction) again when it lost a race for a unique value, such as two
 * products named alike at once taking the same slug: the next try sees the winner's row and picks
 * another. Still losing after `attempts`, the person is asked to try again (409), never a 500.
 */
export async function retryOnUniqueViolation<T>(work: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (attempt >= attempts)
        throw new HttpError(409, 'Se guardó otro cambio al mismo tiempo. Inténtalo de nuevo.');
    }
  }
}

/**
 * Holds, until the transaction ends, a lock that one seller's writes of `scope` share: two of
 * them choosing a value that must be unique (a slug) at once then choose one after the other.
 */
export async function lockWithin(
  tx: Pick<Db, 'execute'>,
  scope: string,
  id: number,
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${scope}), ${id})`);
}
