/** PGlite, PostgreSQL in WebAssembly, in a data folder this process locks. */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Db, DbHandle } from '@/lib/server/db/handle';
import { lockDataDir } from '@/lib/server/db/lock';
import { withFastQueries } from '@/lib/server/db/pglite-queries';
import * as schema from '@/lib/server/db/schema';

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
  const script = [
    `const { PGlite } = await import(${JSON.stringify(entry)});`,
    `const db = await PGlite.create(${JSON.stringify(dir)});`,
    'await db.close();',
  ].join(' ');
  await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
    timeout: 120_000,
  });
}

export async function openPglite(dir: string): Promise<DbHandle> {
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
