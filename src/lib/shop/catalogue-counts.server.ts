/** How big a seller's catalogue is: its counts (kept by triggers) and the dashboard's card. */
import { eq, sql } from 'drizzle-orm';
import type { ModuleProgress } from '@/lib/progress';
import type { Db } from '@/lib/server/db/client';
import type { JsonPart } from '@/lib/server/db/queries';
import { productCounts as productCountsTable } from '@/lib/server/db/schema';
import { plural } from '@/lib/plural';

/** How many products the seller has and has published (one row, kept by triggers). */
export async function productCounts(
  db: Db,
  userId: number,
): Promise<{ total: number; published: number }> {
  const [row] = await db
    .select()
    .from(productCountsTable)
    .where(eq(productCountsTable.userId, userId));
  return { total: row?.total ?? 0, published: row?.published ?? 0 };
}

/**
 * The counts behind the dashboard's "Productos" card, as a part of its one statement; the
 * shop's sales join them in `modules.server.ts`.
 */
export function catalogueCountsPart(
  userId: number,
): JsonPart<{ total: number; published: number }> {
  return {
    sql: sql`select json_build_object('total', coalesce(max(${productCountsTable.total}), 0),
      'published', coalesce(max(${productCountsTable.published}), 0)) from ${productCountsTable}
      where ${productCountsTable.userId} = ${userId}`,
    read: (counts: { total: number; published: number }) => counts,
  };
}

/** The dashboard's "Productos" card: started with a product, done with one published. */
export function catalogueProgress({
  total,
  published,
}: {
  total: number;
  published: number;
}): ModuleProgress {
  const counts =
    `${plural(total, 'producto', 'productos')} · ` + plural(published, 'publicado', 'publicados');
  if (total === 0)
    return {
      started: false,
      finished: false,
      detail: 'Siguiente paso: agrega tu primer producto.',
    };
  return {
    started: true,
    finished: published > 0,
    detail: published > 0 ? counts : `${counts}. Siguiente paso: publica tu primer producto.`,
  };
}
