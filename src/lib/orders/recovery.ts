/**
 * An unpaid checkout recovered (issue 51): when an order lapses unpaid, its buyer may get one mail
 * with a link that puts the same products back in their cart, on the host they ordered on. Only
 * with their marketing consent (Ley 21.719), or within a day of the order, when it is still a
 * service message about what they were doing. Pure.
 */

/** Within this many hours of the order, the mail is about the buyer's own purchase, not marketing. */
export const RECOVERY_SERVICE_HOURS = 24;

/** What decides whether an order's lapse may bring the mail. */
export interface RecoveryFacts {
  marketingConsent: boolean;
  createdAt: Date;
}

/** Whether a lapsed order's buyer may be asked to finish their purchase. */
export function mayRecover(order: RecoveryFacts, now: Date = new Date()): boolean {
  return (
    order.marketingConsent ||
    now.getTime() - order.createdAt.getTime() < RECOVERY_SERVICE_HOURS * 3_600_000
  );
}
