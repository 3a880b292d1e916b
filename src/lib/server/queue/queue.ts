/**
 * The durable job queue's table operations: enqueue inside the caller's transaction, claim with
 * `FOR UPDATE SKIP LOCKED` under a lease, finish, and what an operator reads and retries.
 * The same statements run on PGlite and PostgreSQL.
 */
import { and, desc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/handle';
import { jobs } from '@/lib/server/db/schema';

export type JobStatus = 'pending' | 'running' | 'done' | 'failed';

export interface NewJob {
  kind: string;
  payload: Record<string, unknown>;
  /** A second enqueue with the same key is ignored (an event that happens twice, a retried request). */
  key?: string;
  /** What the job is about, e.g. `order:12`. */
  ref?: string;
  /** Not before this time (default now). */
  runAt?: Date;
  repeatSeconds?: number;
}

/** A claimed job, as its handler receives it. */
export interface ClaimedJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  createdAt: Date;
  repeatSeconds: number | null;
  ref: string | null;
}

/** Inserts `batch`, leaving out a job whose `key` was ever used; how many went in. */
async function insertJobs(db: Db, batch: NewJob[]): Promise<number> {
  if (!batch.length) return 0;
  const added = await db
    .insert(jobs)
    .values(
      batch.map((j) => ({
        kind: j.kind,
        payload: j.payload,
        key: j.key ?? null,
        ref: j.ref ?? null,
        runAt: j.runAt,
        repeatSeconds: j.repeatSeconds ?? null,
      })),
    )
    .onConflictDoNothing({ target: jobs.key })
    .returning({ id: jobs.id });
  return added.length;
}

/** Adds jobs in `db`'s transaction: one insert; the table's trigger wakes the workers at commit. */
export async function enqueue(db: Db, ...batch: NewJob[]): Promise<void> {
  await insertJobs(db, batch);
}

/** Adds `job` unless its key was ever used (a repeated post): true when it was added. */
export async function enqueueOnce(db: Db, job: NewJob & { key: string }): Promise<boolean> {
  return (await insertJobs(db, [job])) > 0;
}

/**
 * Adds each job unless one of its kind about the same `ref` is still waiting to run: a burst of
 * the same news runs once, and news that comes while that one runs gets a run of its own. One
 * statement for the whole batch, so a webhook that must answer fast makes one round trip.
 */
export async function enqueueUnlessWaiting(
  db: Db,
  ...batch: (Omit<NewJob, 'key' | 'repeatSeconds'> & { ref: string })[]
): Promise<void> {
  const unique = [...new Map(batch.map((job) => [`${job.kind} ${job.ref}`, job])).values()];
  if (!unique.length) return;
  const rows = unique.map(
    (job) =>
      sql`(${job.kind}, ${JSON.stringify(job.payload)}::jsonb, ${job.ref},
        ${(job.runAt ?? new Date()).toISOString()}::timestamptz)`,
  );
  await db.execute(sql`
    insert into ${jobs} (kind, payload, ref, run_at)
    select v.kind, v.payload, v.ref, v.run_at from (values ${sql.join(rows, sql`, `)})
      as v(kind, payload, ref, run_at)
    where not exists (
      select 1 from ${jobs} as waiting
      where waiting.kind = v.kind and waiting.ref = v.ref and waiting.status = 'pending'
    )`);
}

/**
 * Brings the waiting job with `key` forward to now: what it waited for has happened. The table's
 * trigger announces inserts only, so this announces the change itself (at commit).
 */
export async function runSoon(db: Db, key: string): Promise<void> {
  const moved = await db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(and(eq(jobs.key, key), eq(jobs.status, 'pending')))
    .returning({ id: jobs.id });
  if (moved.length) await db.execute(sql`select pg_notify('impulsa_jobs', '')`);
}

/**
 * In how many ms the next pending job comes due (null: none waits), so a worker that found nothing
 * due wakes for it rather than at its next poll: a job queued a second ahead runs a second later.
 */
export async function nextDueInMs(db: Db): Promise<number | null> {
  const [next] = await db
    .select({ ms: sql<number>`extract(epoch from (min(${jobs.runAt}) - now())) * 1000` })
    .from(jobs)
    .where(eq(jobs.status, 'pending'));
  return next?.ms === null || next?.ms === undefined ? null : Math.max(0, Number(next.ms));
}

/**
 * Claims up to `limit` due jobs for `worker` until the lease ends: pending ones whose time has
 * come, and running ones whose worker died (lease expired). Another worker skips the rows locked here.
 */
export async function claim(
  db: Db,
  worker: string,
  limit: number,
  leaseSeconds: number,
): Promise<ClaimedJob[]> {
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      or(
        and(eq(jobs.status, 'pending'), lte(jobs.runAt, sql`now()`)),
        and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(jobs.runAt, jobs.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      lockedBy: worker,
      lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
    })
    .where(inArray(jobs.id, due))
    .returning({
      id: jobs.id,
      kind: jobs.kind,
      payload: jobs.payload,
      attempts: jobs.attempts,
      createdAt: jobs.createdAt,
      repeatSeconds: jobs.repeatSeconds,
      ref: jobs.ref,
    });
}

/** Keeps `worker`'s lease on a job that is still running. */
export async function extendLease(
  db: Db,
  id: number,
  worker: string,
  leaseSeconds: number,
): Promise<void> {
  await db
    .update(jobs)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, worker)));
}

const released = { lockedBy: null, lockedUntil: null } as const;

/**
 * A job ended well: done (its payload trimmed to `keep`, so a delivered mail's body and links
 * are not kept), or, when it repeats, pending again after its period.
 */
export async function complete(
  db: Db,
  job: ClaimedJob,
  worker: string,
  keep: Record<string, unknown>,
): Promise<void> {
  const mine = and(eq(jobs.id, job.id), eq(jobs.lockedBy, worker));
  if (job.repeatSeconds)
    await db
      .update(jobs)
      .set({
        ...released,
        status: 'pending',
        attempts: 0,
        lastError: null,
        runAt: sql`now() + make_interval(secs => ${job.repeatSeconds})`,
      })
      .where(mine);
  else
    await db
      .update(jobs)
      .set({ ...released, status: 'done', payload: keep, finishedAt: sql`now()` })
      .where(mine);
}

/** A job failed: pending again in `retryInMs`, or failed for good. */
export async function fail(
  db: Db,
  job: ClaimedJob,
  worker: string,
  error: string,
  retryInMs: number | null,
): Promise<void> {
  await db
    .update(jobs)
    .set({
      ...released,
      lastError: error.slice(0, 1000),
      ...(retryInMs === null
        ? { status: 'failed', finishedAt: sql`now()` }
        : {
            status: 'pending',
            runAt: sql`now() + make_interval(secs => ${retryInMs / 1000})`,
          }),
    })
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, worker)));
}

/** One job as an operator sees it (`npm run jobs`, the back office's «Envíos»). */
export interface JobSummary {
  id: number;
  kind: string;
  status: JobStatus;
  ref: string | null;
  attempts: number;
  runAt: Date;
  createdAt: Date;
  finishedAt: Date | null;
  lastError: string | null;
  /** A mail's recipient and subject, when the job is a mail. */
  to: string | null;
  subject: string | null;
}

const summary = {
  id: jobs.id,
  kind: jobs.kind,
  status: jobs.status,
  ref: jobs.ref,
  attempts: jobs.attempts,
  runAt: jobs.runAt,
  createdAt: jobs.createdAt,
  finishedAt: jobs.finishedAt,
  lastError: jobs.lastError,
  to: sql<string | null>`${jobs.payload}->>'to'`,
  subject: sql<string | null>`${jobs.payload}->>'subject'`,
};

/** Jobs in `statuses`, newest first (at most `limit`). */
export async function listJobs(db: Db, statuses: JobStatus[], limit = 200): Promise<JobSummary[]> {
  const rows = await db
    .select(summary)
    .from(jobs)
    .where(inArray(jobs.status, statuses))
    .orderBy(desc(jobs.id))
    .limit(limit);
  return rows as JobSummary[];
}

/** The jobs about `ref` (an order's mails), oldest first. */
export async function jobsAbout(db: Db, ref: string, kind?: string): Promise<JobSummary[]> {
  const rows = await db
    .select(summary)
    .from(jobs)
    .where(and(eq(jobs.ref, ref), kind ? eq(jobs.kind, kind) : undefined))
    .orderBy(jobs.id);
  return rows as JobSummary[];
}

/** How many jobs wait or failed: the back office's count. */
export async function jobCounts(db: Db): Promise<Record<JobStatus, number>> {
  const rows = await db
    .select({ status: jobs.status, n: sql<number>`count(*)::int` })
    .from(jobs)
    .groupBy(jobs.status);
  const counts: Record<JobStatus, number> = { pending: 0, running: 0, done: 0, failed: 0 };
  for (const r of rows) counts[r.status as JobStatus] = r.n;
  return counts;
}

/**
 * Sends a failed job round again from now, with a fresh 48 h (its `created_at` restarts).
 * Returns false for a job that is not failed (or does not exist).
 */
export async function retryJob(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      status: 'pending',
      runAt: sql`now()`,
      createdAt: sql`now()`,
      finishedAt: null,
      attempts: 0,
    })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'failed')))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Forgets jobs done more than `days` ago. */
export async function purgeDone(db: Db, days: number): Promise<number> {
  const rows = await db
    .delete(jobs)
    .where(
      and(
        eq(jobs.status, 'done'),
        sql`${jobs.finishedAt} < now() - make_interval(days => ${days})`,
      ),
    )
    .returning({ id: jobs.id });
  return rows.length;
}
