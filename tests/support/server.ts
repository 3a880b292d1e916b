/** Starts the built app (`scripts/serve.mjs`) as a child process for API and browser tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase, type TestDatabase } from './postgres';
import { SERVER_ENV, SERVER_NODE_ARGS } from '../../scripts/server-process.mjs';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** The key every test deployment seals store secrets under (all its instances share it). */
export const TEST_SECRETS_KEY = 'a3f1c9e2b4d6f8a0c2e4f6a8b0d2f4a6c8e0a2b4d6f8a0c2e4f6a8b0d2f4a6c8';

/** A queue that retries within seconds, so an outage of a minute is over soon after it ends. */
export const FAST_QUEUE = {
  JOB_RETRY_BASE_MS: '500',
  JOB_RETRY_CAP_MS: '3000',
  JOB_POLL_MS: '500',
  JOB_LEASE_SECONDS: '3',
};

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  proc: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** Ports this process handed out: the kernel may offer a just-released port again. */
const handedOut = new Set<number>();

/** A free TCP port on 127.0.0.1, never one already handed out by this process. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const srv = net.createServer();
      srv.unref();
      srv.on('error', reject);
      srv.listen(0, '127.0.0.1', () => {
        const { port: chosen } = srv.address() as net.AddressInfo;
        srv.close(() => resolve(chosen));
      });
    });
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    return port;
  }
}

/** A new empty temporary folder. */
export function tempDir(prefix = 'impulsa-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * Runs the built server with `env` (DATABASE_URL or DATA_DIR …) and waits until it listens.
 * Rejects with its output if it exits first.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { timeoutMs?: number } = {},
): Promise<RunningServer> {
  if (!fs.existsSync(path.join(ROOT, 'dist/server/entry.mjs')))
    throw new Error('Run `npm run build` before the API and browser tests.');
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = env.DATA_DIR ?? tempDir();
  const proc = spawn(
    process.execPath,
    [...SERVER_NODE_ARGS, path.join(ROOT, 'scripts/serve.mjs')],
    {
      cwd: ROOT,
      env: {
        ...SERVER_ENV,
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        LOG_LEVEL: process.env.TEST_SERVER_LOG_LEVEL || 'warn',
        SITE_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        ...env,
        PORT: String(port),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  proc.stdout.on('data', (d) => (out += d));
  proc.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) =>
    proc.once('exit', (code) => resolve(code)),
  );

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in time:\n${out}`)),
      options.timeoutMs ?? 60_000,
    );
    const onData = () => {
      if (out.includes('Impulsa está corriendo')) {
        clearTimeout(timer);
        resolve();
      }
    };
    proc.stdout.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(
        Object.assign(new Error(`server exited with ${code}:\n${out}`), { code, output: out }),
      );
    });
  });

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    proc,
    output: () => out,
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
      return exited;
    },
  };
}

/**
 * Two built app servers on one fresh PostgreSQL database, for the suite's tests (started before
 * them, stopped and the database dropped after): what one instance changes, the other must see.
 */
export function useTwoInstances(): () => {
  first: RunningServer;
  second: RunningServer;
  databaseUrl: string;
} {
  let database: TestDatabase | undefined;
  let first: RunningServer | undefined;
  let second: RunningServer | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    first = await startServer({ DATABASE_URL: database.url });
    second = await startServer({ DATABASE_URL: database.url, SITE_URL: first.url });
  }, 90_000);
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await database?.drop();
  });
  return () => ({ first: first!, second: second!, databaseUrl: database!.url });
}
