/**
 * When a failed job runs again, and when it is given up: pure, so the schedule is tested
 * without a clock. Exponential from `baseMs`, capped at `capMs`, with up to 20 % of jitter so
 * that the mails of one outage do not all knock again in the same second.
 */
export interface RetryPolicy {
  retryBaseMs: number;
  retryCapMs: number;
  giveUpHours: number;
}

/** How long to wait before the attempt after `attempts` failed ones (1 = the first failure). */
export function retryDelayMs(
  policy: RetryPolicy,
  attempts: number,
  random = Math.random(),
): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 30);
  const delay = Math.min(policy.retryBaseMs * 2 ** exponent, policy.retryCapMs);
  return Math.round(delay * (1 + 0.2 * random));
}

/** Whether a job enqueued at `createdAt` that just failed is past retrying. */
export function givesUp(policy: RetryPolicy, createdAt: Date, now: Date): boolean {
  return now.getTime() - createdAt.getTime() >= policy.giveUpHours * 3_600_000;
}
