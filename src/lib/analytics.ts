/** Analytics names both sides share (docs/spec.md §4, §6). */
import { cookieName } from '@/lib/cookies';

/** Set by a sign-in posted as a plain form: the next page with analytics identifies the user. */
export const IDENTIFY_COOKIE = cookieName('identify');

/**
 * PostHog feature flags the pages use, each targeted in PostHog by person properties. Elements
 * marked `data-flag="<key>"` are rendered hidden and shown when the flag is on for the person.
 */
export const FEATURE_FLAGS = {
  /** Targets `is_transbank_referral = true`: a seller Transbank sent sees Webpay first. */
  transbankReferral: 'transbank-referral',
} as const;
