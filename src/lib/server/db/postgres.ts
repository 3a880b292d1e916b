/** PostgreSQL through postgres.js: a pool for requests, a connection of its own for health checks. */
import { DatabaseUnavailableError } from '@/lib/server/db/errors';
import {
  DB_TIMEOUTS,
  healthGate,
  queryDeadline,
  withTimeout,
  type Db,
  type DbHandle,
} from '@/lib/server/db/handle';
import * as schema from '@/lib/server/db/schema';

/**
 * Seconds before a dropped connection is opened again: postgres.js's default grows as 3^n / 100
 * with every failure, pool-wide, up to 20 s, so after a 10 s outage the pool stayed away for
 * 2-8 s more. The health gate already turns an outage into fast 503s, so retries can stay short.
 */
export const reconnectDelaySeconds = (retries: number) => Math.min(0.05 * 2 ** retries, 0.5);

export async function openPostgres(url: string): Promise<DbHandle> {
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const client = postgres(url, {
    max: 10,
    connect_timeout: DB_TIMEOUTS.connectSeconds,
    backoff: reconnectDelaySeconds,
    idle_timeout: 30,
    connection: { statement_timeout: DB_TIMEOUTS.statementMs },
    onnotice: () => {},
  });
  // Health checks use a connection of their own, outside the pool the requests share.
  const newProbe = () =>
    postgres(url, {
      max: 1,
      connect_timeout: DB_TIMEOUTS.connectSeconds,
      backoff: reconnectDelaySeconds,
      idle_timeout: 60,
      onnotice: () => {},
    });
  let probe = newProbe();
  const gate = healthGate(async () => {
    try {
      await withTimeout(probe`select 1`, DB_TIMEOUTS.healthMs);
    } catch (error) {
      // A failed probe is replaced: postgres.js kept waiting on the dead connection for some
      // 13 s after the server came back (tests/deploy: PostgreSQL away for 10 s under load).
      const dead = probe;
      probe = newProbe();
      void dead.end({ timeout: 0 }).catch(() => {});
      throw error;
    }
  });
  const db = drizzle(
    withQueryDeadline(client, () => gate.answersNow()),
    { schema },
  ) as unknown as Db;
  return {
    db,
    unbounded: drizzle(client, { schema }) as unknown as Db,
    kind: 'postgres',
    async close() {
      await Promise.all([client.end({ timeout: 5 }), probe.end({ timeout: 1 })]);
    },
    ensureReachable: () => gate.ensureReachable(),
    answeredLately: () => gate.answeredLately(),
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
 * The postgres.js client with a deadline on every query Drizzle sends (`unsafe`, inside
 * transactions too): past it, and unless the health check says the database is only busy, the
 * caller gets `DatabaseUnavailableError` (503), while the connection itself is left to the
 * driver, which drops it when the network comes back or dies.
 */
function withQueryDeadline<T extends object>(sql: T, answersNow: AnswersNow): T {
  return new Proxy(sql, {
    get(target, key) {
      const found = Reflect.get(target, key) as unknown;
      if (typeof found !== 'function') return found;
      const value = found as Method;
      if (key === 'unsafe')
        return (...args: unknown[]) =>
          queryWithDeadline(value.apply(target, args) as object, answersNow);
      if (key === 'begin') return transactionWithDeadline(target, value as Begin, answersNow);
      if (key === 'savepoint') {
        return (...args: unknown[]) => {
          const body = args.at(-1) as (inner: object) => unknown;
          return value.apply(target, [
            ...args.slice(0, -1),
            (inner: object) => body(withQueryDeadline(inner, answersNow)),
          ]);
        };
      }
      return value.bind(target);
    },
  });
}

/** The health gate's fresh check. */
type AnswersNow = () => Promise<void>;

/**
 * `sql.begin` whose caller is answered within the deadline at each step the body's own queries do
 * not cover: waiting for BEGIN (a connection to a frozen server), and waiting for COMMIT or for the
 * ROLLBACK after a query timed out, which postgres.js awaits on the hung connection (15 s seen).
 * A body that starts after its caller gave up throws at once, so nothing is written late.
 */
type Begin = (...args: unknown[]) => Promise<unknown>;
/** Any method of the client, as a proxy hands it on. */
type Method = (...args: unknown[]) => unknown;

function transactionWithDeadline(target: object, begin: Begin, answersNow: AnswersNow) {
  return (...args: unknown[]) => {
    const body = args.at(-1) as (inner: object) => unknown;
    let abandoned = false;
    let giveUp: (error: unknown) => void = () => {};
    const deadline = new Promise<never>((_, reject) => (giveUp = reject));
    const wait = queryDeadline(answersNow, (error) => giveUp(error));
    wait.start(); // for BEGIN
    const run = begin.apply(target, [
      ...args.slice(0, -1),
      async (inner: object) => {
        wait.stop();
        if (abandoned) throw new DatabaseUnavailableError(new Error('transaction abandoned'));
        try {
          const result = await body(withQueryDeadline(inner, answersNow));
          wait.start(); // for COMMIT
          return result;
        } catch (error) {
          // The server stopped answering: its ROLLBACK would wait as long. Answer now.
          if (error instanceof DatabaseUnavailableError) giveUp(error);
          else wait.start();
          throw error;
        }
      },
    ]);
    run.catch(() => {}); // its failure is `deadline`'s, or is awaited below
    return Promise.race([run, deadline]).finally(() => {
      abandoned = true;
      wait.stop();
    });
  };
}

/** A postgres.js pending query (lazy, thenable, `.values()` returns itself) whose await races a deadline. */
function queryWithDeadline(query: object, answersNow: AnswersNow): object {
  const pending = query as PromiseLike<unknown> & Record<string | symbol, unknown>;
  const wrapped: object = new Proxy(pending, {
    get(target, key) {
      if (key === 'then') {
        const run = new Promise((resolve, reject) => {
          const wait = queryDeadline(answersNow, reject);
          wait.start();
          target.then(
            (value) => (wait.stop(), resolve(value)),
            (error: Error) => (wait.stop(), reject(error)),
          );
        });
        return run.then.bind(run);
      }
      const value = Reflect.get(target, key);
      if (key === 'values' || key === 'raw') {
        return (...args: unknown[]) => (
          (value as (...a: unknown[]) => unknown).apply(target, args),
          wrapped
        );
      }
      return typeof value === 'function' ? (value as Method).bind(target) : value;
    },
  });
  return wrapped;
}
