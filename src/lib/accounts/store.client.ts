/**
 * Auth state (docs/spec.md §3, §4): `{token, user}` persisted in localStorage across reloads, plus
 * `isLoading` and `error` in memory and the derived `isAuthenticated` (a token exists). In the
 * browser the token is `COOKIE_SESSION`: the credential itself is the HttpOnly session cookie.
 */
import { persistentAtom } from '@nanostores/persistent';
import { atom, computed } from 'nanostores';
import type { PublicUser } from '@/lib/accounts/user';
import { AUTH_STORAGE_KEY } from '@/lib/accounts/user';

export interface AuthSession {
  token: string | null;
  user: PublicUser | null;
}

export { AUTH_STORAGE_KEY };
export const LOGGED_OUT: AuthSession = { token: null, user: null };
/**
 * The token a browser stores: a marker, not a credential. Requests then carry the session cookie
 * and no `Authorization` header, so a script on the page can never read the credential.
 */
export const COOKIE_SESSION = 'cookie';

/** What localStorage holds: the session, or no key at all when logged out. */
const $stored = persistentAtom<AuthSession | undefined>(AUTH_STORAGE_KEY, undefined, {
  encode: JSON.stringify,
  decode: (raw) => {
    try {
      return JSON.parse(raw) as AuthSession;
    } catch {
      return undefined;
    }
  },
});

export const $authSession = computed($stored, (s): AuthSession => s ?? LOGGED_OUT);
/** True until the auth state has resolved after mount (then false 200 ms later, docs/spec.md §9). */
export const $authLoading = atom(true);
export const $authError = atom<string | null>(null);
/** Authenticated means a token exists (docs/spec.md §4). */
export const $isAuthenticated = computed($authSession, (s) => Boolean(s.token));

/** Stores a successful login or registration (`token` absent: the browser's cookie session). */
export function setSession(token: string | undefined, user: PublicUser): void {
  token ??= COOKIE_SESSION;
  $stored.set({ token, user });
  $authError.set(null);
}

/** Clears token and user (logout success, local logout). */
export function clearSession(): void {
  $stored.set(undefined);
}
