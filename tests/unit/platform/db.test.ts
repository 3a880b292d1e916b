/** Migrations on PGlite (always) and on PostgreSQL (when TEST_DATABASE_URL is set); the folder lock. */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  isMigrated,
  migrateDatabase,
  openDatabase,
  pingDatabase,
  type DbHandle,
} from '@/lib/server/db/client';
import { DataDirLockedError, lockDataDir } from '@/lib/server/db/lock';
import { createTestDatabase, TEST_DATABASE_URL } from '../../support/postgres';
import { tempDir } from '../../support/server';

const journal = JSON.parse(fs.readFileSync(path.resolve('drizzle/meta/_journal.json'), 'utf8')) as {
  entries: unknown[];
};

async function rows(
  handle: DbHandle,
  query: ReturnType<typeof sql>,
): Promise<Record<string, unknown>[]> {
  const executed: unknown = await handle.db.execute(query);
  const result = executed as {
    rows?: Record<string, unknown>[];
  } & Record<string, unknown>[];
  return result.rows ?? Array.from(result);
}

async function expectMigrated(handle: DbHandle) {
  const tables = await rows(
    handle,
    sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
  );
  expect(tables.map((r) => r.table_name)).toEqual(
    expect.arrayContaining([
      'users',
      'auth_tokens',
      'password_resets',
      'rate_limits',
      'user_identities',
    ]),
  );
  const applied = await rows(
    handle,
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  expect(applied[0]!.n).toBe(journal.entries.length);
}

describe('migrations on PGlite', () => {
  it('apply on a new folder, and again as a no-op on reopen', async () => {
    const dir = path.join(tempDir(), 'pglite');
    const first = await openDatabase({ pgliteDir: dir });
    await expectMigrated(first);
    await pingDatabase(first);
    await first.close();
    const again = await openDatabase({ pgliteDir: dir });
    await expectMigrated(again);
    await again.close();
  }, 60_000);

  it('are known to be applied from one read, which sees a missing newest one and a new database', async () => {
    const fresh = await openDatabase({ pgliteDir: 'memory://', migrate: false });
    try {
      expect(await isMigrated(fresh)).toBe(false);
      await migrateDatabase(fresh);
      expect(await isMigrated(fresh)).toBe(true);
      // As if the newest migration had just been added to the folder: the migrator runs it again.
      await fresh.db.execute(
        sql`delete from drizzle.__drizzle_migrations
          where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      expect(await isMigrated(fresh)).toBe(false);
      await migrateDatabase(fresh);
      expect(await isMigrated(fresh)).toBe(true);
      await expectMigrated(fresh);
    } finally {
      await fresh.close();
    }
  }, 60_000);
});

describe.skipIf(!TEST_DATABASE_URL)('migrations on PostgreSQL', () => {
  it('apply once even when two instances start together', async () => {
    const database = await createTestDatabase();
    try {
      const [a, b] = await Promise.all([
        openDatabase({ databaseUrl: database.url }),
        openDatabase({ databaseUrl: database.url }),
      ]);
      await expectMigrated(a);
      await expectMigrated(b);
      await Promise.all([a.close(), b.close()]);
    } finally {
      await database.drop();
    }
  }, 60_000);
});

describe('PGlite folder lock', () => {
  it('refuses a second owner while the first is alive', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    fs.writeFileSync(path.join(dir, 'impulsa.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/Otra instancia de Impulsa/);
    release();
  });

  it('takes over a lock left by a dead process, and releases it', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'impulsa.lock'), '999999999');
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'impulsa.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'impulsa.lock'))).toBe(false);
  });
});
