import { describe, expect, it } from 'vitest';
import { givesUp, retryDelayMs } from '@/lib/server/queue/backoff';

const policy = { retryBaseMs: 30_000, retryCapMs: 3_600_000, giveUpHours: 48 };

describe('the job queue retry schedule', () => {
  it('doubles from 30 s up to an hour, with at most 20 % of jitter', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(policy, n, 0))).toEqual([
      30_000, 60_000, 120_000, 240_000,
    ]);
    expect(retryDelayMs(policy, 8, 0)).toBe(3_600_000);
    expect(retryDelayMs(policy, 500, 0)).toBe(3_600_000);
    expect(retryDelayMs(policy, 1, 1)).toBe(36_000);
  });

  it('keeps trying for 48 hours, and gives up after', () => {
    const created = new Date('2026-11-26T12:00:00Z');
    expect(givesUp(policy, created, new Date('2026-11-28T11:59:59Z'))).toBe(false);
    expect(givesUp(policy, created, new Date('2026-11-28T12:00:00Z'))).toBe(true);
  });

  it('tries at least 40 times over the 48 hours', () => {
    let elapsed = 0;
    let tries = 0;
    while (elapsed < 48 * 3_600_000) elapsed += retryDelayMs(policy, ++tries, 1);
    expect(tries).toBeGreaterThan(40);
  });
});
