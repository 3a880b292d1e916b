/**
 * What the browser does after a sign-in through the API (docs/spec.md §4: the referral check,
 * then `identify`), for a sign-in posted as a plain form (before hydration or without JavaScript).
 * The referral is settled here, as the browser's copy of it may never run; `identify` needs
 * analytics' script, so the next page with it runs it, told by a short-lived cookie.
 */
import type { AstroCookies } from 'astro';
import { REFERRAL_COOKIE } from '@/lib/accounts/referral';
import { markTransbankReferral } from '@/lib/accounts/users.server';
import { IDENTIFY_COOKIE } from '@/lib/analytics';
import type { Db } from '@/lib/server/db/client';

export async function afterFormSignIn(db: Db, cookies: AstroCookies, userId: number) {
  if (cookies.get(REFERRAL_COOKIE)?.value === 'transbank') await markTransbankReferral(db, userId);
  // Read by script (no credential in it): the next page identifies, then deletes it.
  cookies.set(IDENTIFY_COOKIE, '1', { path: '/', maxAge: 600, sameSite: 'lax' });
}
