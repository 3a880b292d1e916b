/**
 * Services run against both engines in unit tests: PGlite in memory always, and a throw-away
 * PostgreSQL database when TEST_DATABASE_URL names a server.
 */
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type DbHandle } from '@/lib/server/db/client';
import { stores, users } from '@/lib/server/db/schema';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from './postgres';

export interface DbEngine {
  name: 'PGlite' | 'PostgreSQL';
  postgres: boolean;
}

/** The engines a `describe.each` runs on. */
export const DB_ENGINES: DbEngine[] = [
  { name: 'PGlite', postgres: false },
  ...(TEST_DATABASE_URL ? [{ name: 'PostgreSQL' as const, postgres: true }] : []),
];

/** The database of a `describe`, once its first `beforeAll` has run. */
export interface EngineDatabase {
  readonly handle: DbHandle;
  readonly db: DbHandle['db'];
}

/**
 * A fresh database on `engine` for the enclosing `describe`, opened before its own `beforeAll`
 * hooks (registered first) and closed, or dropped, after it.
 */
export function useEngineDatabase(engine: DbEngine): EngineDatabase {
  let handle: DbHandle | undefined;
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    if (engine.postgres) database = await createTestDatabase();
    handle = await openDatabase(
      database ? { databaseUrl: database.url } : { pgliteDir: 'memory://' },
    );
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });
  return {
    get handle() {
      return handle!;
    },
    get db() {
      return handle!.db;
    },
  };
}

/**
 * A seller with a shop that takes orders: Rosa Pérez's «Dulces Rosa», paid by transfer, who sells
 * identified (Ley 19.496). `store` adds or changes the shop's columns (a Webpay account).
 */
export async function insertSeller(
  db: DbHandle['db'],
  store: Partial<typeof stores.$inferInsert> = {},
): Promise<number> {
  const [user] = await db
    .insert(users)
    .values({
      email: `s${Date.now()}${Math.random().toString(36).slice(2, 6)}@ejemplo.cl`,
      fullName: 'Rosa Pérez',
    })
    .returning();
  await db.insert(stores).values({
    userId: user!.id,
    name: 'Dulces Rosa',
    transferDetails: 'Banco Estado 123',
    legalName: 'Rosa Pérez',
    legalRut: '12.345.678-5',
    legalAddress: 'Av. Italia 1234, Ñuñoa',
    ...store,
  });
  return user!.id;
}
