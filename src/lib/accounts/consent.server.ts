/** Reading and recording the analytics choice (`consent.ts`). */
import type { AstroCookies } from 'astro';
import { eq, sql } from 'drizzle-orm';
import { credentialsChanged } from '@/lib/accounts/token-cache.server';
import type { Db } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import {
  CONSENT_COOKIE,
  CONSENT_COOKIE_DAYS,
  consentCookieValue,
  parseConsent,
  type AnalyticsConsent,
} from '@/lib/privacy/consent';

/** The choice that applies to a request: the account's when signed in, else the browser's. */
export function analyticsConsentOf(
  locals: Pick<App.Locals, 'user' | 'analyticsConsent'>,
  cookies: AstroCookies,
): AnalyticsConsent {
  if (locals.user) return locals.analyticsConsent ?? null;
  return parseConsent(cookies.get(CONSENT_COOKIE)?.value);
}

/** Keeps the choice in the browser (a year, readable by no script). */
export function setConsentCookie(cookies: AstroCookies, url: URL, granted: boolean): void {
  cookies.set(CONSENT_COOKIE, consentCookieValue(granted), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: url.protocol === 'https:',
    maxAge: CONSENT_COOKIE_DAYS * 86_400,
  });
}

/** Records an account's choice and when; signed-in requests read it from the credential cache. */
export async function saveAccountConsent(db: Db, userId: number, granted: boolean): Promise<void> {
  await writeConsent(db, userId, granted);
  await credentialsChanged([userId]);
}

/** The account's choice and when it was made. */
const writeConsent = (db: Db, userId: number, granted: boolean) =>
  db
    .update(users)
    .set({ analyticsConsent: granted, analyticsConsentAt: sql`now()` })
    .where(eq(users.id, userId));

/**
 * At sign-in: an account that was never asked takes the choice this browser already made, so the
 * person is not asked twice.
 */
export async function adoptBrowserConsent(
  db: Db,
  cookies: AstroCookies,
  user: { id: number; analyticsConsent: boolean | null },
): Promise<void> {
  const browser = parseConsent(cookies.get(CONSENT_COOKIE)?.value);
  if (user.analyticsConsent !== null || browser === null) return;
  await writeConsent(db, user.id, browser);
  user.analyticsConsent = browser;
}
