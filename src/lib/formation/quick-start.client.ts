/**
 * The quick-start company in the browser (docs/spec.md §3: "kept in a stored value"): localStorage,
 * mirrored in the cookie the server reads (see `quick-start-cookie.ts`).
 */
import { persistentAtom } from '@nanostores/persistent';
import {
  encodeQuickStart,
  QUICK_START_COOKIE,
  QUICK_START_MAX_AGE,
  type QuickStartCompany,
} from '@/lib/formation/quick-start';

/** Key of the stored value in localStorage. */
export const QUICK_START_KEY = 'impulsa:quick-start-company';

/** The pending company; undefined (no key in localStorage) when there is none. */
export const $quickStartCompany = persistentAtom<QuickStartCompany | undefined>(
  QUICK_START_KEY,
  undefined,
  {
    encode: JSON.stringify,
    decode: (raw) => {
      try {
        return JSON.parse(raw) as QuickStartCompany;
      } catch {
        return undefined;
      }
    },
  },
);

/** Stores the quick-start company and hands it to the server. */
export function saveQuickStart(company: QuickStartCompany): void {
  $quickStartCompany.set(company);
  const value = encodeURIComponent(encodeQuickStart(company));
  document.cookie = `${QUICK_START_COOKIE}=${value}; Path=/; Max-Age=${QUICK_START_MAX_AGE}; SameSite=Lax`;
}

/** Returns the pending quick-start company and forgets it (docs/spec.md §4: applied once). */
export function takeQuickStart(): QuickStartCompany | null {
  const company = $quickStartCompany.get() ?? null;
  $quickStartCompany.set(undefined);
  if (typeof document !== 'undefined')
    document.cookie = `${QUICK_START_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
  return company;
}
