/**
 * The auth actions islands call (docs/spec.md §4, §8). Importing this module plugs the auth store
 * into the shared API client: the token goes into `Authorization`, and a 401 logs out
 * locally (no server call) and goes to /login.
 */
import { api, configureApi, serverMessage } from '@/lib/api';
import { identifyUser, resetAnalytics } from '@/lib/analytics.client';
import {
  $authError,
  $authLoading,
  $authSession,
  clearSession,
  COOKIE_SESSION,
  setSession,
} from '@/lib/accounts/store.client';
import type { PublicUser } from '@/lib/accounts/user';
import { REFERRAL_COOKIE, REFERRAL_STORAGE_KEY, isReferralPartner } from '@/lib/accounts/referral';
import type { LoginInput, RegisterInput } from '@/lib/accounts/schemas';

/** Delay before `isLoading` turns false after the auth state resolves (docs/spec.md §9). */
export const AUTH_LOADING_DELAY_MS = 200;

configureApi({
  // The cookie session sends no header: the cookie goes with every same-origin request.
  getToken: () => {
    const { token } = $authSession.get();
    return token === COOKIE_SESSION ? null : token;
  },
  onUnauthorized: () => {
    localLogout();
    window.location.assign('/login');
  },
});

/** The spec's `{token, user}`; a browser gets `{user}` and its session as an HttpOnly cookie. */
interface AuthResponse {
  token?: string;
  user: PublicUser;
}

/** Local logout: clears token and user without asking the server (after a 401). */
export function localLogout(): void {
  clearSession();
}

/** Copies a referral partner the server saw in `?source=` into localStorage (docs/spec.md §3). */
export function syncReferralFromCookie(): void {
  const match = document.cookie.match(new RegExp(`(?:^|; )${REFERRAL_COOKIE}=([^;]*)`));
  const value = match ? decodeURIComponent(match[1]!) : null;
  if (isReferralPartner(value)) localStorage.setItem(REFERRAL_STORAGE_KEY, value!);
}

/** Marks the user as referred when the stored partner is transbank; failures are only logged. */
export async function checkReferral(): Promise<void> {
  try {
    syncReferralFromCookie();
    if (localStorage.getItem(REFERRAL_STORAGE_KEY) !== 'transbank') return;
    await api('/api/users/me/set-transbank/', { method: 'PATCH' });
  } catch (error) {
    console.error('Referral check failed', error);
  }
}

/** GET /api/users/me/; on failure the server message, else 'Failed to get user'. */
export async function fetchCurrentUser(): Promise<PublicUser> {
  try {
    const user = await api<PublicUser>('/api/users/me/');
    const { token } = $authSession.get();
    if (token) setSession(token, user);
    return user;
  } catch (error) {
    throw new Error(serverMessage(error) ?? 'Failed to get user', { cause: error });
  }
}

async function afterSignIn(result: AuthResponse): Promise<PublicUser> {
  setSession(result.token, result.user);
  await checkReferral();
  const user = await fetchCurrentUser().catch(() => result.user);
  // Identify before the caller navigates away, but never hold sign-in up for analytics.
  await Promise.race([identifyUser(user).catch(() => {}), new Promise((r) => setTimeout(r, 1500))]);
  return user;
}

/** Signs in; on failure throws with the server message, else 'Login failed'. */
export async function login(credentials: LoginInput): Promise<PublicUser> {
  try {
    const result = await api<AuthResponse>('/api/users/login/', {
      method: 'POST',
      body: credentials,
    });
    return await afterSignIn(result);
  } catch (error) {
    const message = serverMessage(error) ?? 'Login failed';
    $authError.set(message);
    throw Object.assign(new Error(message), { cause: error });
  }
}

/** Registers; on failure throws with the server message, else 'Registration failed'. */
export async function register(fields: RegisterInput): Promise<PublicUser> {
  try {
    const result = await api<AuthResponse>('/api/users/register/', {
      method: 'POST',
      body: fields,
    });
    return await afterSignIn(result);
  } catch (error) {
    const message = serverMessage(error) ?? 'Registration failed';
    $authError.set(message);
    throw Object.assign(new Error(message), { cause: error });
  }
}

/**
 * Sign-out (docs/spec.md §4): server logout (a failure only warns), reset the stores and the
 * analytics identity, clear all localStorage, and go to /login or `redirectTo`.
 */
export async function signOut(redirectTo = '/login'): Promise<void> {
  try {
    await api('/api/users/logout/', { method: 'POST' });
  } catch {
    console.warn('Logout API failed, continuing...');
  }
  clearSession();
  $authError.set(null);
  await resetAnalytics().catch(() => {});
  localStorage.clear();
  window.location.assign(redirectTo);
}

/** GET /api/_auth/session (no retry): the session's user, or null on any failure. */
export async function fetchSession(): Promise<{ user: PublicUser | null }> {
  try {
    return await api<{ user: PublicUser | null }>('/api/_auth/session', {
      retry: 0,
    });
  } catch {
    return { user: null };
  }
}

let bootstrapped: Promise<void> | undefined;

/**
 * Resolves the auth state once per page: adopts the browser session (cookie) into the store,
 * or clears a stored token the server no longer knows. `isLoading` turns false 200 ms later.
 */
export function bootstrapAuth(): Promise<void> {
  return (bootstrapped ??= (async () => {
    try {
      const session = await fetchSession();
      // A token stored by an older version is dropped: the cookie is the credential.
      if (session.user) setSession(COOKIE_SESSION, session.user);
      else clearSession();
    } catch (error) {
      console.error('Error while mounting app', error);
    } finally {
      setTimeout(() => $authLoading.set(false), AUTH_LOADING_DELAY_MS);
    }
  })());
}
