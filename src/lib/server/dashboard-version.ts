/**
 * A user's dashboard version: bumped by the database on every write the dashboard shows, read on
 * every visit to know whether the page kept in memory still holds (`server/private-answers`).
 * Customers' list keys its own cache on it too.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { perDatabase } from '@/lib/server/db/prepared';
import { dashboardVersions } from '@/lib/server/db/schema';
import { privateAnswers } from '@/lib/server/private-answers';

/** The version statement: it runs on every visit to the dashboard. */
const versionStatement = perDatabase((db) =>
  db
    .select({ version: dashboardVersions.version })
    .from(dashboardVersions)
    .where(eq(dashboardVersions.userId, sql.placeholder('userId')))
    .prepare('dashboard_version'),
);

/**
 * The version alone: what a request pays when the dashboard it would render is already kept.
 * From memory while no write has moved it since it was read (`server/private-answers`).
 */
export function dashboardVersion(db: Db, userId: number): Promise<number> {
  return privateAnswers.dashboardVersion(userId, async () => {
    const [row] = await versionStatement(db).execute({ userId });
    return row?.version ?? 0;
  });
}
