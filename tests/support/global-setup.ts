/**
 * Starts one built server per database engine for a whole test project: PGlite always,
 * PostgreSQL too when TEST_DATABASE_URL is set. Tests read them with `inject('servers')`.
 */
import type { TestProject } from 'vitest/node';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from './postgres';
import { startServer, type RunningServer } from './server';

export interface ServerInfo {
  kind: 'pglite' | 'postgres';
  url: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    servers: ServerInfo[];
  }
}

export default async function setup(project: TestProject) {
  const running: RunningServer[] = [];
  let database: TestDatabase | undefined;
  const servers: ServerInfo[] = [];

  const pglite = await startServer();
  running.push(pglite);
  servers.push({ kind: 'pglite', url: pglite.url });

  if (TEST_DATABASE_URL) {
    database = await createTestDatabase();
    const pg = await startServer({ DATABASE_URL: database.url });
    running.push(pg);
    servers.push({ kind: 'postgres', url: pg.url });
  }

  project.provide('servers', servers);

  return async () => {
    await Promise.all(running.map((s) => s.stop()));
    await database?.drop();
  };
}
