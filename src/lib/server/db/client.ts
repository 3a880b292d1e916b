/**
 * The process's database: embedded PGlite in `$DATA_DIR/pglite` by default, a PostgreSQL server
 * when `DATABASE_URL` is set. One handle per process, opened and migrated on first use.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import {
  dataDir as configuredDataDir,
  databaseUrl as configuredDatabaseUrl,
} from '@/lib/server/config';
import { DatabaseUnavailableError } from '@/lib/server/db/errors';
import { withTimeout, type Db, type DbHandle, type OpenOptions } from '@/lib/server/db/handle';
import { migrateDatabase } from '@/lib/server/db/migrate';
import { openPglite } from '@/lib/server/db/pglite';
import { openPostgres } from '@/lib/server/db/postgres';
import { seedReferenceData } from '@/lib/server/db/seed';
import { log } from '@/lib/server/log';

export type { Db, DbHandle, DbKind, OpenOptions, Queryable, Tx } from '@/lib/server/db/handle';
export { DB_TIMEOUTS } from '@/lib/server/db/handle';
export { isMigrated, migrateDatabase } from '@/lib/server/db/migrate';

/** Opens a new, independent handle (tests use this; the app uses `getDatabase`). */
export async function openDatabase(options: OpenOptions = {}): Promise<DbHandle> {
  const url = options.databaseUrl;
  const handle = url ? await openPostgres(url) : await openPglite(options.pgliteDir ?? 'memory://');
  if (options.migrate !== false) {
    try {
      await migrateDatabase(handle);
      await seedReferenceData(handle.db);
    } catch (error) {
      await handle.close().catch(() => {});
      throw error;
    }
  }
  return handle;
}

interface Slot {
  opening?: Promise<DbHandle>;
  /** The handle once open. */
  open?: DbHandle;
}
/** Kept across `astro dev`'s module reloads, which would otherwise open PGlite's folder twice. */
const hotData = import.meta.hot?.data as { database?: Slot } | undefined;
const slot: Slot = hotData?.database ?? {};
if (hotData) hotData.database = slot;

/** The process-wide database, opened and migrated on first use from the environment. */
export function getDatabase(): Promise<DbHandle> {
  if (!slot.opening) {
    const url = configuredDatabaseUrl();
    const started = openDatabase(
      url ? { databaseUrl: url } : { pgliteDir: path.join(configuredDataDir(), 'pglite') },
    );
    slot.opening = started.then(
      (handle) => {
        log.info('database ready', { database: handle.kind });
        return (slot.open = handle);
      },
      (error) => {
        slot.opening = undefined;
        throw error;
      },
    );
  }
  return slot.opening;
}

/** The process-wide Drizzle database, once it answered lately (else a fast `DatabaseUnavailableError`). */
export async function getDb(): Promise<Db> {
  const handle = await getDatabase();
  await handle.ensureReachable();
  return handle.db;
}

/** Whether the process-wide database is open and answered lately (`DbHandle.answeredLately`); never asks it. */
export function databaseAnsweredLately(): boolean {
  return slot.open?.answeredLately() ?? false;
}

/** Closes the process-wide database, if it was opened. */
export async function closeDatabase(): Promise<void> {
  const opening = slot.opening;
  slot.opening = undefined;
  slot.open = undefined;
  if (opening) await (await opening.catch(() => undefined))?.close();
}

/** Answers whether the database responds within `timeoutMs`; throws `DatabaseUnavailableError` if not. */
export async function pingDatabase(handle: DbHandle, timeoutMs = 2000): Promise<void> {
  try {
    await withTimeout(handle.db.execute(sql`select 1`), timeoutMs);
  } catch (error) {
    throw error instanceof DatabaseUnavailableError ? error : new DatabaseUnavailableError(error);
  }
}
