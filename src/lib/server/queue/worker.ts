/**
 * The queue's worker: claims due jobs (at most `concurrency` at once, so requests keep the
 * event loop), runs each kind's handler under a lease it keeps alive, and records the outcome.
 * It wakes when the table's trigger announces new jobs (at commit, on every instance), and
 * otherwise looks every `pollMs` for retries that came due and leases that a crash left behind.
 * A database outage only slows it down: claiming fails, and it tries again at the next poll.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { DbHandle } from '@/lib/server/db/handle';
import { log } from '@/lib/server/log';
import { givesUp, retryDelayMs, type RetryPolicy } from '@/lib/server/queue/backoff';
import {
  claim,
  nextDueInMs,
  complete,
  extendLease,
  fail,
  type ClaimedJob,
} from '@/lib/server/queue/queue';

/** Runs one job; what it resolves with replaces a finished job's payload (default: nothing kept). */
export type JobHandler = (
  handle: DbHandle,
  job: ClaimedJob,
) => Promise<Record<string, unknown> | void>;

/** Thrown by a handler for a job that can never succeed (its order was deleted): failed at once. */
export class PermanentJobError extends Error {}

export interface WorkerOptions extends RetryPolicy {
  pollMs: number;
  leaseSeconds: number;
  concurrency: number;
}

/** The channel the `jobs` table's trigger notifies on (migration 0023). */
export const JOBS_CHANNEL = 'impulsa_jobs';

export class JobWorker {
  readonly name = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private inFlight = 0;
  private timer: NodeJS.Timeout | undefined;
  private claiming = false;
  private again = false;
  private stopped = false;
  private readonly running = new Set<Promise<void>>();

  private readonly handle: DbHandle;
  private readonly handlerOf: (kind: string) => Promise<JobHandler | undefined>;
  private readonly options: WorkerOptions;

  constructor(
    handle: DbHandle,
    handlerOf: (kind: string) => Promise<JobHandler | undefined>,
    options: WorkerOptions,
  ) {
    this.handle = handle;
    this.handlerOf = handlerOf;
    this.options = options;
  }

  /** Starts listening and claiming. */
  async start(): Promise<void> {
    await this.handle
      .listen(
        JOBS_CHANNEL,
        () => this.wake(),
        () => this.wake(),
      )
      .catch((error: unknown) => log.warn('job worker not listening; polling only', { error }));
    this.wake();
  }

  /** Claims now (or right after the claim in progress). */
  wake(): void {
    if (this.stopped) return;
    if (this.claiming) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = undefined;
    void this.fill();
  }

  /**
   * Runs every due job here and now, one at a time, until none is due (jobs they enqueue
   * included): for a test, or a script, that wants the queue's effects without a running worker.
   */
  async drain(): Promise<number> {
    let ran = 0;
    for (;;) {
      const [job] = await claim(this.handle.db, this.name, 1, this.options.leaseSeconds);
      if (!job) return ran;
      await this.run(job);
      ran++;
    }
  }

  /** Stops claiming and waits for the jobs in flight (their leases end with them). */
  async stop(waitMs = 4000): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.running]),
      new Promise((resolve) => (timer = setTimeout(resolve, waitMs))),
    ]);
    clearTimeout(timer);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.wake(), ms);
    this.timer.unref();
  }

  private async fill(): Promise<void> {
    this.claiming = true;
    let claimed: ClaimedJob[] = [];
    try {
      const room = this.options.concurrency - this.inFlight;
      if (room > 0)
        claimed = await claim(this.handle.db, this.name, room, this.options.leaseSeconds);
    } catch (error) {
      log.warn('job claim failed', { error: message(error) });
    } finally {
      this.claiming = false;
    }
    for (const job of claimed) this.track(this.run(job));
    if (this.again || (claimed.length && this.inFlight < this.options.concurrency)) {
      this.again = false;
      setImmediate(() => this.wake());
    } else if (claimed.length) this.schedule(this.options.pollMs);
    else this.schedule(await this.untilNextDue());
  }

  /** The poll, or sooner when a pending job comes due before it. */
  private async untilNextDue(): Promise<number> {
    const due = await nextDueInMs(this.handle.db).catch(() => null);
    return due === null ? this.options.pollMs : Math.min(this.options.pollMs, Math.ceil(due) + 5);
  }

  private track(work: Promise<void>): void {
    this.running.add(work);
    void work.finally(() => {
      this.running.delete(work);
      this.wake(); // room for the next job
    });
  }

  private async run(job: ClaimedJob): Promise<void> {
    this.inFlight++;
    const heartbeat = setInterval(
      () => {
        extendLease(this.handle.db, job.id, this.name, this.options.leaseSeconds).catch(() => {});
      },
      (this.options.leaseSeconds * 1000) / 3,
    );
    heartbeat.unref();
    try {
      const handler = await this.handlerOf(job.kind);
      if (!handler) throw new PermanentJobError(`no handler for job kind ${job.kind}`);
      const keep = (await handler(this.handle, job)) ?? {};
      clearInterval(heartbeat);
      log.debug('job done', { job: job.id, kind: job.kind, worker: this.name });
      await complete(this.handle.db, job, this.name, keep).catch((error: unknown) =>
        // The lease runs out and the job runs again: at least once.
        log.warn('job done but not recorded', { job: job.id, error: message(error) }),
      );
    } catch (error) {
      clearInterval(heartbeat);
      const last =
        error instanceof PermanentJobError || givesUp(this.options, job.createdAt, new Date());
      const retryIn = last ? null : retryDelayMs(this.options, job.attempts);
      log[last ? 'error' : 'warn'](last ? 'job failed for good' : 'job failed, will retry', {
        job: job.id,
        kind: job.kind,
        attempt: job.attempts,
        retryInMs: retryIn,
        error: message(error),
      });
      await fail(this.handle.db, job, this.name, message(error), retryIn).catch(() => {});
    } finally {
      this.inFlight--;
    }
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
