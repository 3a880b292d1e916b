/** When a lapsed order's buyer may be asked to finish their purchase (issue 51). */
import { describe, expect, it } from 'vitest';
import { mayRecover, RECOVERY_SERVICE_HOURS } from '@/lib/orders/recovery';

const now = new Date('2026-11-28T12:00:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);

describe('the recovery mail', () => {
  it.each([
    ['consented, a week old', true, 24 * 7, true],
    ['not consented, an hour old (a service message)', false, 1, true],
    ['not consented, just under a day', false, RECOVERY_SERVICE_HOURS - 0.01, true],
    ['not consented, a day old', false, RECOVERY_SERVICE_HOURS, false],
    ['not consented, two days old', false, 48, false],
  ])('%s → %s', (_, marketingConsent, age, expected) => {
    expect(mayRecover({ marketingConsent, createdAt: hoursAgo(age) }, now)).toBe(expected);
  });
});
