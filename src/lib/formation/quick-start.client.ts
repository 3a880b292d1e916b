/**
 * The quick-start company (spec §3, §4): a name and type given on the home page, kept until
 * the formation flow applies it. A cookie mirrors "one is pending" so the server-side
 * guard can send a visitor to /registrate instead of /login.
 */
import { persistentAtom } from '@nanostores/persistent';
import type { BusinessType } from '@/lib/formation/business-type';
import { QUICK_START_COOKIE } from '@/lib/formation/quick-start-cookie';

export interface QuickStartCompany {
  name: string;
  type: BusinessType;
}

/** Key of the stored value in localStorage. */
export const QUICK_START_KEY = 'impulsa:quick-start-company';

/** The pending company; undefined (no key in localStorage) when there is none. */
export const $quickStartCompany = persistentAtom<QuickStartCompany | undefined>(QUICK_START_KEY, undefined, {
  encode: JSON.stringify,
  decode: (raw) => {
    try {
      return JSON.parse(raw) as QuickStartCompany;
    } catch {
      return undefined;
    }
  },
});

/** Stores the quick-start company and marks it pending for the server. */
export function saveQuickStart(company: QuickStartCompany): void {
  $quickStartCompany.set(company);
  document.cookie = `${QUICK_START_COOKIE}=1; Path=/; Max-Age=${60 * 60 * 24 * 7}; SameSite=Lax`;
}

/** Returns the pending quick-start company and forgets it (spec §4: applied once). */
export function takeQuickStart(): QuickStartCompany | null {
  const company = $quickStartCompany.get() ?? null;
  $quickStartCompany.set(undefined);
  if (typeof document !== 'undefined') document.cookie = `${QUICK_START_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
  return company;
}
