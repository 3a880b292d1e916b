/**
 * Opens the database: embedded PGlite in `$DATA_DIR/pglite` by default, a PostgreSQL
 * server when `DATABASE_URL` is set. One handle per process.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { max, sql } from 'drizzle-orm';
import { bigint, pgSchema, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import {
  dataDir as configuredDataDir,
  databaseUrl as configuredDatabaseUrl,
} from '@/lib/server/config';
import { log } from '@/lib/server/log';
import { DatabaseUnavailableError } from '@/lib/server/db/errors';
import { lockDataDir } from '@/lib/server/db/lock';
import { withFastQueries } from '@/lib/server/db/pglite-queries';
import * as schema from '@/lib/server/db/schema';
import { seedReferenceData } from '@/lib/server/db/seed';

/** The Drizzle database, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** Which engine a handle talks to (what `/api/health/` reports). */
export type DbKind = 'pglite' | 'postgres';

/** An open database and the means to close it. */
export interface DbHandle {
  /** For requests: on PostgreSQL every query has a client-side deadline (`DB_TIMEOUTS.queryMs`). */
  db: Db;
  /** The same database without that deadline, for migrations and maintenance. */
  unbounded: Db;
  kind: DbKind;
  close(): Promise<void>;
  /** Runs `fn` while holding a session-level advisory lock on one connection. */
  withAdvisoryLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /**
   * Calls `onMessage` for each NOTIFY on `channel` from any instance sharing the database,
   * and `onReconnect` when the listening connection was lost and is back (messages may have
   * been missed meanwhile). PGlite serves one process: what it hears is what the database
   * itself announces (triggers, see migration 0010), delivered before the writing statement returns.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<void>;
  /** Sends `payload` to every other instance listening on `channel` (none on PGlite). */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Resolves when the database answered lately, or throws `DatabaseUnavailableError` within
   * `HEALTH_TIMEOUT_MS`: a request during an outage fails fast with 503 instead of hanging.
   */
  ensureReachable(): Promise<void>;
  /**
   * Whether the database answered within `healthyForMs`, without asking it: an answer made from
   * memory (`private-pages.ts`) checks this, so that an outage is a 503 there as everywhere.
   */
  answeredLately(): boolean;
}

/** Bounds for a database that is away (docs/design.md §6: a database outage is a fast 503). */
export const DB_TIMEOUTS = {
  /** Opening a connection. */
  connectSeconds: 2,
  /** One statement, enforced by the server. */
  statementMs: 5000,
  /** One query as the app waits for it: a network that hangs never answers the server's own timeout. */
  queryMs: 2500,
  /** A health check, on its own connection so a busy pool does not look like an outage. */
  healthMs: 1500,
  /** How long a successful health check is trusted. */
  healthyForMs: 1000,
} as const;

/** Where to open: a PostgreSQL URL, or a PGlite folder (`memory://` for a throw-away one). */
export interface OpenOptions {
  databaseUrl?: string;
  pgliteDir?: string;
  /** Apply pending migrations and seed reference data after opening (default true). */
  migrate?: boolean;
}

/** Arbitrary but fixed key of the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK_KEY = 7_215_004_211;

function migrationsFolder(): string {
  const beside = fileURLToPath(new URL('../../../../drizzle/', import.meta.url));
  return fs.existsSync(path.join(beside, 'meta')) ? beside : path.resolve('drizzle');
}

async function openPostgres(url: string): Promise<DbHandle> {
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const client = postgres(url, {
    max: 10,
    connect_timeout: DB_TIMEOUTS.connectSeconds,
    idle_timeout: 30,
    connection: { statement_timeout: DB_TIMEOUTS.statementMs },
    onnotice: () => {},
  });
  // Health checks use a connection of their own, outside the pool the requests share.
  const probe = postgres(url, {
    max: 1,
    connect_timeout: DB_TIMEOUTS.connectSeconds,
    idle_timeout: 60,
    onnotice: () => {},
  });
  const db = drizzle(withQueryDeadline(client, DB_TIMEOUTS.queryMs), { schema }) as unknown as Db;
  return {
    db,
    unbounded: drizzle(client, { schema }) as unknown as Db,
    kind: 'postgres',
    async close() {
      await Promise.all([client.end({ timeout: 5 }), probe.end({ timeout: 1 })]);
    },
    ...healthGate(async () => {
      await probe`select 1`;
    }),
    async listen(channel, onMessage, onReconnect) {
      let connected = false;
      await client.listen(channel, onMessage, () => {
        if (connected) onReconnect?.();
        connected = true;
      });
    },
    async notify(channel, payload) {
      await client.notify(channel, payload);
    },
    async withAdvisoryLock(key, fn) {
      // Lock and unlock must run on the same connection, so reserve one from the pool.
      const reserved = await client.reserve();
      try {
        await reserved`select pg_advisory_lock(${key})`;
        try {
          return await fn();
        } finally {
          await reserved`select pg_advisory_unlock(${key})`;
        }
      } finally {
        reserved.release();
      }
    },
  };
}

/**
 * PostgreSQL's memory settings inside PGlite. Its defaults (shared_buffers 128 MB, sized for a
 * server process) are all touched in the WebAssembly heap at start: 16 MB of buffers cut the
 * idle process by about 140 MB (measured in the README), and the files stay in the operating
 * system's page cache anyway. The WebAssembly module's own floor is 128 MB of memory.
 * A random read costs what a sequential one does for files in memory: `random_page_cost=1.1`
 * lets the planner walk an index in order instead of sorting a seller's whole catalogue.
 */
const PGLITE_MEMORY_SETTINGS = [
  '-c',
  'shared_buffers=16MB',
  '-c',
  'temp_buffers=2MB',
  '-c',
  'work_mem=4MB',
  '-c',
  'maintenance_work_mem=16MB',
  '-c',
  'wal_buffers=1MB',
  '-c',
  'max_connections=8',
  '-c',
  'random_page_cost=1.1',
];

/**
 * Creates a new PGlite data folder in a child process. initdb touches some 280 MB of the
 * WebAssembly heap that a closed PGlite never gives back, so doing it here would leave the
 * server that large for its whole life; the child exits and takes that memory with it.
 */
async function initPgliteDir(dir: string): Promise<void> {
  const entry = import.meta.resolve('@electric-sql/pglite');
  const script = `const { PGlite } = await import(${JSON.stringify(entry)}); const db = await PGlite.create(${JSON.stringify(dir)}); await db.close();`;
  await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
    timeout: 120_000,
  });
}

async function openPglite(dir: string): Promise<DbHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const inMemory = dir.startsWith('memory://');
  const release = inMemory ? () => {} : lockDataDir(dir);
  try {
    if (!inMemory) fs.mkdirSync(dir, { recursive: true });
    if (!inMemory && !fs.existsSync(path.join(dir, 'PG_VERSION'))) await initPgliteDir(dir);
    const client = await PGlite.create(dir, {
      startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY_SETTINGS],
    });
    const db = drizzle(withFastQueries(client), { schema }) as unknown as Db;
    return {
      db,
      unbounded: db,
      kind: 'pglite',
      async close() {
        try {
          await client.close();
        } finally {
          release();
        }
      },
      async listen(channel, onMessage) {
        await client.listen(channel, onMessage);
      },
      // The only listener is this process, which has already acted on what it announces.
      async notify() {},
      // Embedded: it is there as long as this process is.
      async ensureReachable() {},
      answeredLately: () => true,
      async withAdvisoryLock(key, fn) {
        // PGlite has a single connection: the lock only matters for symmetry with PostgreSQL.
        await client.query('select pg_advisory_lock($1)', [key]);
        try {
          return await fn();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [key]);
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * Wraps a health query: a success is trusted for `healthyForMs`; callers arriving meanwhile
 * share one check in flight; a check that fails or outlasts `healthMs` is a
 * `DatabaseUnavailableError` for everyone waiting on it.
 */
function healthGate(
  check: () => Promise<void>,
): Pick<DbHandle, 'ensureReachable' | 'answeredLately'> {
  let okUntil = 0;
  let inFlight: Promise<void> | undefined;
  const answeredLately = () => Date.now() < okUntil;
  const ensureReachable = () => {
    if (answeredLately()) return Promise.resolve();
    return (inFlight ??= withTimeout(check(), DB_TIMEOUTS.healthMs)
      .then(
        () => {
          okUntil = Date.now() + DB_TIMEOUTS.healthyForMs;
        },
        (error: unknown) => {
          throw error instanceof DatabaseUnavailableError
            ? error
            : new DatabaseUnavailableError(error);
        },
      )
      .finally(() => (inFlight = undefined)));
  };
  return { ensureReachable, answeredLately };
}

/**
 * The postgres.js client with a deadline on every query Drizzle sends (`unsafe`, inside
 * transactions too): past it the caller gets `DatabaseUnavailableError` (503), while the
 * connection itself is left to the driver, which drops it when the network comes back or dies.
 */
function withQueryDeadline<T extends object>(sql: T, ms: number): T {
  return new Proxy(sql, {
    get(target, key) {
      const value = Reflect.get(target, key) as unknown;
      if (typeof value !== 'function') return value;
      if (key === 'unsafe')
        return (...args: unknown[]) => queryWithDeadline(value.apply(target, args) as object, ms);
      if (key === 'begin' || key === 'savepoint') {
        return (...args: unknown[]) => {
          const body = args.at(-1) as (inner: object) => unknown;
          return value.apply(target, [
            ...args.slice(0, -1),
            (inner: object) => body(withQueryDeadline(inner, ms)),
          ]);
        };
      }
      return value.bind(target);
    },
  });
}

/** A postgres.js pending query (lazy, thenable, `.values()` returns itself) whose await races a deadline. */
function queryWithDeadline(query: object, ms: number): object {
  const pending = query as PromiseLike<unknown> & Record<string | symbol, unknown>;
  const wrapped: object = new Proxy(pending, {
    get(target, key) {
      if (key === 'then') {
        const run = withTimeout(new Promise((resolve, reject) => target.then(resolve, reject)), ms);
        return run.then.bind(run);
      }
      const value = Reflect.get(target, key);
      if (key === 'values' || key === 'raw') {
        return (...args: unknown[]) => (
          (value as (...a: unknown[]) => unknown).apply(target, args),
          wrapped
        );
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return wrapped;
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new DatabaseUnavailableError(new Error(`no answer in ${ms} ms`))),
      ms,
    );
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
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
const slot: Slot = (import.meta.hot?.data.database as Slot | undefined) ?? {};
if (import.meta.hot) import.meta.hot.data.database = slot;

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
