/**
 * The two queries every owned resource needs: one row of its owner (else a 404, exactly as if
 * it did not exist: DESIGN.md §4) and one page of the owner's rows.
 */
import { and, count, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '@/lib/server/db/client';
import { HttpError } from '@/lib/server/http/errors';

/** A table whose rows have an integer `id` and belong to a user (`userId`). */
type OwnedTable = PgTable & { id: AnyPgColumn; userId: AnyPgColumn };

/** The row `id` of `table` if `userId` owns it; otherwise a 404 with `message`. */
export async function ownedOr404<T extends OwnedTable>(db: Db, table: T, userId: number, id: number, message: string): Promise<T['$inferSelect']> {
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
    db.select({ total: count() }).from(table as PgTable).where(where),
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
