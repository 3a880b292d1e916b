/** The browser session cookie: HttpOnly, SameSite=Lax, host-only; `__Host-` prefixed over HTTPS. */
import type { AstroCookies } from 'astro';
import { cookieName, COOKIES } from '@/lib/cookies';
import { SESSION_TTL_MS } from '@/lib/accounts/tokens.server';

/** The session cookie's names: over HTTPS, then over plain HTTP. */
export const SESSION_COOKIE_NAMES = COOKIES.session.names;

/** Cookie name for a request over `protocol`. */
export function sessionCookieName(protocol: string): string {
  return cookieName('session', protocol);
}

/** Reads the session token, if any. */
export function readSessionCookie(cookies: AstroCookies, url: URL): string | undefined {
  return cookies.get(sessionCookieName(url.protocol))?.value || undefined;
}

/** Sets the session cookie to `token`. */
export function setSessionCookie(cookies: AstroCookies, url: URL, token: string): void {
  cookies.set(sessionCookieName(url.protocol), token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: url.protocol === 'https:',
    path: '/',
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

/** Removes the session cookie. */
export function clearSessionCookie(cookies: AstroCookies, url: URL): void {
  cookies.delete(sessionCookieName(url.protocol), {
    path: '/',
    secure: url.protocol === 'https:',
    httpOnly: true,
    sameSite: 'lax',
  });
}
