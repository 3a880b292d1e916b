/** Starting and ending a signed-in session from an endpoint. */
import type { APIContext } from 'astro';
import type { PublicUser } from '@/lib/accounts/user';
import type { Db } from '@/lib/server/db/client';
import { issueToken, revokeToken } from '@/lib/accounts/auth-tokens.server';
import { toPublicUser, type UserRow } from '@/lib/accounts/users.server';
import { clearSessionCookie, setSessionCookie } from '@/lib/accounts/session-cookie.server';
import { rememberDevice } from '@/lib/accounts/devices.server';
import { adoptBrowserConsent } from '@/lib/accounts/consent.server';

/**
 * Issues a credential for `user`, sets the session cookie, records the browser as one the account
 * knows (`devices.server.ts`), keeps the analytics choice this browser made if the account has
 * none, and returns the spec's `{token, user}`.
 */
export async function startSession(
  db: Db,
  context: Pick<APIContext, 'cookies' | 'url'>,
  user: UserRow,
): Promise<{ token: string; user: PublicUser }> {
  const token = await issueToken(db, user.id);
  setSessionCookie(context.cookies, context.url, token);
  await rememberDevice(db, user.id, context);
  await adoptBrowserConsent(db, context.cookies, user);
  return { token, user: toPublicUser(user) };
}

/**
 * The sign-in answer as the caller may see it. A browser (it sends `Sec-Fetch-Site`, a header
 * scripts cannot remove) holds its credential only as the HttpOnly cookie, out of reach of any
 * script on the page; other API clients get the spec's `{token, user}` and send `Authorization`.
 */
export function sessionForCaller(
  request: Request,
  session: { token: string; user: PublicUser },
): { token?: string; user: PublicUser } {
  return request.headers.has('sec-fetch-site') ? { user: session.user } : session;
}

/** Revokes the request's credential (if any) and clears the cookie. */
export async function endSession(
  db: Db,
  context: Pick<APIContext, 'cookies' | 'url' | 'locals'>,
): Promise<void> {
  if (context.locals.auth) await revokeToken(db, context.locals.auth.token);
  clearSessionCookie(context.cookies, context.url);
}
