/** Drizzle's migrations in `drizzle/`, applied at start by one instance at a time. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { max } from 'drizzle-orm';
import { bigint, pgSchema } from 'drizzle-orm/pg-core';
import type { DbHandle } from '@/lib/server/db/handle';

/** Arbitrary but fixed key of the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK_KEY = 7_215_004_211;

function migrationsFolder(): string {
  const beside = fileURLToPath(new URL('../../../../drizzle/', import.meta.url));
  return fs.existsSync(path.join(beside, 'meta')) ? beside : path.resolve('drizzle');
}

/** Drizzle's record of the migrations it applied (it creates the table itself). */
const appliedMigrations = pgSchema('drizzle').table('__drizzle_migrations', {
  createdAt: bigint('created_at', { mode: 'number' }),
});

/** When the newest migration in the folder was made (its journal's `when`, Drizzle's `created_at`). */
function newestMigrationMillis(folder: string): number {
  const journal = JSON.parse(
    fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((e) => e.when));
}

/**
 * Whether the database already has every migration in `folder`: one read of Drizzle's own
 * table. A start on a migrated database then skips the migrator, whose first statements (it
 * creates its schema and table if they are missing) are DDL, and the slowest of a cold start.
 */
export async function isMigrated(handle: DbHandle, folder = migrationsFolder()): Promise<boolean> {
  try {
    const [row] = await handle.unbounded
      .select({ last: max(appliedMigrations.createdAt) })
      .from(appliedMigrations);
    return row?.last != null && row.last >= newestMigrationMillis(folder);
  } catch {
    return false; // no table yet: a new database
  }
}

/** Applies pending migrations, one instance at a time (PostgreSQL advisory lock). */
export async function migrateDatabase(handle: DbHandle): Promise<void> {
  const migrationsFolderPath = migrationsFolder();
  if (await isMigrated(handle, migrationsFolderPath)) return;
  // Both drivers' migrators run the same dialect code; the pglite one accepts any Drizzle pg database.
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  await handle.withAdvisoryLock(MIGRATION_LOCK_KEY, () =>
    migrate(handle.unbounded as never, { migrationsFolder: migrationsFolderPath }),
  );
}
