/** Throw-away PostgreSQL databases on the server named by TEST_DATABASE_URL. */
import postgres from 'postgres';

/** The PostgreSQL server for tests, when CI (or a developer) provides one. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || '';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** Creates an empty database; `drop()` removes it, disconnecting whoever is left. */
export async function createTestDatabase(baseUrl = TEST_DATABASE_URL): Promise<TestDatabase> {
  const name = `impulsa_test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const a = postgres(baseUrl, { max: 1, onnotice: () => {} });
      try {
        await a.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await a.end();
      }
    },
  };
}

/**
 * The engines a test that starts its own app server runs on: PGlite always (a fresh `DATA_DIR`
 * is the caller's), PostgreSQL too when TEST_DATABASE_URL is set, each with a database of its own.
 */
export const ENGINES: {
  kind: 'pglite' | 'postgres';
  database: () => Promise<{ env: Record<string, string>; drop(): Promise<void> }>;
}[] = [
  { kind: 'pglite', database: () => Promise.resolve({ env: {}, drop: () => Promise.resolve() }) },
  ...(TEST_DATABASE_URL
    ? [
        {
          kind: 'postgres' as const,
          database: async () => {
            const db = await createTestDatabase();
            return { env: { DATABASE_URL: db.url }, drop: () => db.drop() };
          },
        },
      ]
    : []),
];
