/**
 * The quick-start company (docs/spec.md §3, §4: a name and a type, kept until the formation flow
 * applies it). It travels in a cookie, so the server can send a signed-out visitor to
 * /registrate and fill the draft itself: the home form works without JavaScript, and the
 * name arrives in the formation flow whichever way the visitor came.
 */
import { cookieName } from '@/lib/cookies';
import type { BusinessType } from '@/lib/formation/business-type';

export const QUICK_START_COOKIE = cookieName('quickStart');
/** A week: long enough to create the account another day. */
export const QUICK_START_MAX_AGE = 60 * 60 * 24 * 7;
export const QUICK_START_NAME_MAX = 120;

export interface QuickStartCompany {
  name: string;
  type: BusinessType;
}

/** Where the quick start sends the visitor (docs/spec.md §2: the type in lower case). */
export function quickStartPath(type: BusinessType): string {
  return `/modelo-de-negocio/${type.toLowerCase()}`;
}

/** The cookie's value (the cookie layer percent-encodes it). */
export function encodeQuickStart(company: QuickStartCompany): string {
  return JSON.stringify({ name: company.name, type: company.type });
}
