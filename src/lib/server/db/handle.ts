/**
 * What an open database is, whichever engine is behind it: the Drizzle database, its kind, and
 * the health gate that makes an outage a fast `DatabaseUnavailableError` (a 503).
 */
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { DatabaseUnavailableError } from '@/lib/server/db/errors';
import type * as schema from '@/lib/server/db/schema';

/** The Drizzle database, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction, as `db.transaction` hands it over. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** What a read or a write can run on: the database, or a transaction already open. */
export type Queryable = Db | Tx;
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
   * memory (`server/private-answers`) checks this, so that an outage is a 503 there as everywhere.
   */
  answeredLately(): boolean;
}

/** Bounds for a database that is away (docs/design.md §6: a database outage is a fast 503). */
export const DB_TIMEOUTS = {
  /** Opening a connection. */
  connectSeconds: 2,
  /** One statement, enforced by the server. */
  statementMs: 5000,
  /**
   * One query as the app waits for a database that does not answer its health check either: a
   * network that hangs never answers the server's own timeout.
   */
  queryMs: 2500,
  /**
   * How long a query waits in all when, at `queryMs`, the health check still answers: the
   * database is busy (a row lock on a product many buy at once, a full pool), not away. Past
   * `statementMs` so the server's own timeout ends the statement first.
   */
  busyMs: 6000,
  /** A health check, on its own connection so a busy pool does not look like an outage. */
  healthMs: 1500,
  /** How long a successful health check is trusted. */
  healthyForMs: 1000,
  /**
   * How long a failed health check stands: requests meanwhile get their 503 at once instead of
   * each waiting out a check of its own; the next check after it sees the database come back.
   */
  unhealthyForMs: 500,
} as const;

/** Where to open: a PostgreSQL URL, or a PGlite folder (`memory://` for a throw-away one). */
export interface OpenOptions {
  databaseUrl?: string;
  pgliteDir?: string;
  /** Apply pending migrations and seed reference data after opening (default true). */
  migrate?: boolean;
}

/**
 * Wraps a health query: a success is trusted for `healthyForMs`; callers arriving meanwhile
 * share one check in flight; a check that fails or outlasts `healthMs` is a
 * `DatabaseUnavailableError` for everyone waiting on it, and for `unhealthyForMs` after.
 */
export function healthGate(check: () => Promise<void>): HealthGate {
  let okUntil = 0;
  let failed: { until: number; error: DatabaseUnavailableError } | undefined;
  let inFlight: Promise<void> | undefined;
  const answeredLately = () => Date.now() < okUntil;
  const answersNow = () => {
    if (failed && Date.now() < failed.until) return Promise.reject(failed.error);
    return (inFlight ??= withTimeout(check(), DB_TIMEOUTS.healthMs)
      .then(
        () => {
          failed = undefined;
          okUntil = Date.now() + DB_TIMEOUTS.healthyForMs;
        },
        (error: unknown) => {
          const unavailable =
            error instanceof DatabaseUnavailableError ? error : new DatabaseUnavailableError(error);
          failed = { until: Date.now() + DB_TIMEOUTS.unhealthyForMs, error: unavailable };
          throw unavailable;
        },
      )
      .finally(() => (inFlight = undefined)));
  };
  const ensureReachable = () => (answeredLately() ? Promise.resolve() : answersNow());
  return { ensureReachable, answeredLately, answersNow };
}

export interface HealthGate extends Pick<DbHandle, 'ensureReachable' | 'answeredLately'> {
  /** A fresh check (one in flight is shared): whether a slow query means busy or away. */
  answersNow(): Promise<void>;
}

/**
 * The deadline one wait for the database runs against. A wait past `queryMs - healthMs` asks the
 * health check, on its own connection: no answer means away (`onExpire` by `queryMs`); an answer
 * means busy, and the wait goes on up to `busyMs`. `start` begins a wait and `stop` ends it; a
 * late health answer for a wait already over does nothing.
 */
export function queryDeadline(
  answersNow: () => Promise<void>,
  onExpire: (error: DatabaseUnavailableError) => void,
) {
  const { queryMs, healthMs, busyMs } = DB_TIMEOUTS;
  let wait = 0;
  let timer: NodeJS.Timeout | undefined;
  const stop = () => {
    wait++;
    clearTimeout(timer);
  };
  const start = () => {
    stop();
    const mine = wait;
    const began = Date.now();
    const expire = (error: DatabaseUnavailableError) => mine === wait && onExpire(error);
    timer = setTimeout(() => {
      answersNow().then(
        () => {
          if (mine !== wait) return;
          timer = setTimeout(
            () => expire(new DatabaseUnavailableError(new Error(`busy for ${busyMs} ms`))),
            busyMs - (Date.now() - began),
          );
        },
        (error: unknown) =>
          expire(
            error instanceof DatabaseUnavailableError ? error : new DatabaseUnavailableError(error),
          ),
      );
    }, queryMs - healthMs);
  };
  return { start, stop };
}

/** `work`, or `DatabaseUnavailableError` once `ms` have passed without its answer. */
export async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
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
