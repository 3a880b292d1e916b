/**
 * Referral partners (docs/spec.md §1, §2, §9): a `?source=` code names the payments provider that
 * brought the user. Only known codes are valid; each maps to the value stored.
 */
import { cookieName } from '@/lib/cookies';
export const REFERRAL_PARTNERS: Readonly<Record<string, string>> = {
  'contable.transbank': 'transbank',
};

/** localStorage key of the referral source (docs/spec.md §3). */
export const REFERRAL_STORAGE_KEY = 'impulsa:referral-source';
/** Cookie the server sets when it sees a valid `?source=`. */
export const REFERRAL_COOKIE = cookieName('referral');

/** The stored value for a `source` code, or null when the code is not a valid partner code. */
export function referralPartnerFor(source: string | null | undefined): string | null {
  if (typeof source !== 'string') return null;
  return Object.hasOwn(REFERRAL_PARTNERS, source.trim()) ? REFERRAL_PARTNERS[source.trim()]! : null;
}

/** True for a stored value some partner maps to. */
export function isReferralPartner(value: string | null | undefined): boolean {
  return typeof value === 'string' && Object.values(REFERRAL_PARTNERS).includes(value);
}
