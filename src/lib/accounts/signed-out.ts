/**
 * The local logout a 401 ends in (docs/spec.md §4, §8) for code that cannot load the auth layer:
 * the API client before it is configured, and the lesson player, whose 40 KB budget leaves no room
 * for the client. No server call: the server already forgot the session.
 */
import { AUTH_STORAGE_KEY } from '@/lib/accounts/user';

/** Logged when the API answers 401 (docs/spec.md §8). */
export const AUTH_ERROR_MESSAGE = 'Authentication error: Token is invalid or expired';

/** Logs the spec's message, then the auth layer's logout when it is loaded, else the local one. */
export function onUnauthorized(authLayer?: () => void): void {
  console.error(AUTH_ERROR_MESSAGE);
  (authLayer ?? signedOutHere)();
}

/** Forgets the stored session and goes to /login. */
function signedOutHere(): void {
  if (typeof window === 'undefined') return;
  try {
    localStorage.removeItem(AUTH_STORAGE_KEY);
  } catch {
    /* storage refused: /login clears the rest */
  }
  window.location.assign('/login');
}
