/** A slow query is a 503 when the database is away, and waits on when it is only busy. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DatabaseUnavailableError } from '@/lib/server/db/errors';
import { DB_TIMEOUTS, queryDeadline } from '@/lib/server/db/handle';

const { queryMs, healthMs, busyMs } = DB_TIMEOUTS;

describe('queryDeadline', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A deadline whose health check answers after `checkMs`, or never when `away`. */
  function deadline(away: boolean, checkMs = 10) {
    const expired: { at: number; error: DatabaseUnavailableError }[] = [];
    const checks: number[] = [];
    const began = Date.now();
    const answersNow = () => {
      checks.push(Date.now() - began);
      return new Promise<void>((resolve, reject) =>
        setTimeout(
          () => (away ? reject(new DatabaseUnavailableError()) : resolve()),
          away ? healthMs : checkMs,
        ),
      );
    };
    const wait = queryDeadline(answersNow, (error) =>
      expired.push({ at: Date.now() - began, error }),
    );
    return { wait, expired, checks };
  }

  it('away: the health check starts in time for a 503 by queryMs', async () => {
    const { wait, expired, checks } = deadline(true);
    wait.start();
    await vi.advanceTimersByTimeAsync(queryMs - 1);
    expect(checks).toEqual([queryMs - healthMs]);
    expect(expired).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(expired.map((e) => e.at)).toEqual([queryMs]);
    expect(expired[0]!.error).toBeInstanceOf(DatabaseUnavailableError);
  });

  it('busy: the wait goes on to busyMs, then gives up once', async () => {
    const { wait, expired } = deadline(false);
    wait.start();
    await vi.advanceTimersByTimeAsync(busyMs - 1);
    expect(expired).toEqual([]);
    await vi.advanceTimersByTimeAsync(busyMs);
    expect(expired.map((e) => e.at)).toEqual([busyMs]);
    expect(expired[0]!.error.message).toMatch(/base de datos no está disponible/);
  });

  it('a wait that ends before the health check answers is not expired by it', async () => {
    const { wait, expired } = deadline(true);
    wait.start();
    await vi.advanceTimersByTimeAsync(queryMs - healthMs + 100);
    wait.stop();
    await vi.advanceTimersByTimeAsync(busyMs * 2);
    expect(expired).toEqual([]);
  });

  it('start again (BEGIN, then COMMIT) times the new wait from its own start', async () => {
    const { wait, expired, checks } = deadline(false);
    wait.start();
    await vi.advanceTimersByTimeAsync(queryMs - healthMs - 1);
    wait.start();
    await vi.advanceTimersByTimeAsync(queryMs - healthMs - 1);
    expect(checks).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(checks).toHaveLength(1);
    wait.stop();
    await vi.advanceTimersByTimeAsync(busyMs * 2);
    expect(expired).toEqual([]);
  });
});
