/**
 * The shared API client (docs/spec.md §7): one ofetch instance with JSON headers, a 10000 ms
 * timeout, `Authorization: Token {token}` when a token exists, one retry for methods
 * without a body (none for POST, PUT, PATCH, DELETE) on 408, 409, 425, 429, 500, 502, 503
 * and 504. A 5xx is logged with its body and passed to the caller; a 401 logs the spec's
 * message and hands over to the auth layer (local logout, /login).
 *
 * Never name this file `src/fetch.ts`: Astro 7 reserves it.
 */
import { ofetch, type $Fetch, type FetchError } from 'ofetch';
import { onUnauthorized } from '@/lib/accounts/signed-out';

/** Client timeout in ms (docs/spec.md §9). */
export const API_TIMEOUT_MS = 10_000;
/** Statuses retried once for methods without a body (docs/spec.md §7). */
export const API_RETRY_STATUS_CODES = [408, 409, 425, 429, 500, 502, 503, 504];

/** What the auth layer plugs into the client. */
export interface ApiHooks {
  /** The current token, if any. */
  getToken: () => string | null | undefined;
  /** Called after a 401: local logout without a server call, then /login. */
  onUnauthorized: () => void;
}

/** Creates a client against `baseURL` ('' in the browser: same origin). */
export function createApiClient(baseURL: string, hooks: () => Partial<ApiHooks>): $Fetch {
  return ofetch.create({
    baseURL,
    timeout: API_TIMEOUT_MS,
    retryStatusCodes: API_RETRY_STATUS_CODES,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    onRequest({ options }) {
      const token = hooks().getToken?.();
      if (token) options.headers.set('Authorization', `Token ${token}`);
    },
    onResponseError({ response }) {
      if (response.status === 401) {
        onUnauthorized(hooks().onUnauthorized);
      } else if (response.status >= 500) {
        console.error('Server error', response.status, response._data);
      }
    },
  });
}

let activeHooks: Partial<ApiHooks> = {};

/** Plugs the auth layer into the shared client. */
export function configureApi(hooks: Partial<ApiHooks>): void {
  activeHooks = { ...activeHooks, ...hooks };
}

/** The app's shared API client. */
export const api = createApiClient('', () => activeHooks);

/** A 401 met outside the client (an upload's XHR): handled as the client does. */
export function unauthorized(): void {
  onUnauthorized(activeHooks.onUnauthorized);
}

/** The Spanish message the server sent with an error, if any. */
export function serverMessage(error: unknown): string | undefined {
  const data = (error as FetchError | undefined)?.data as
    { message?: unknown; detail?: unknown } | undefined;
  if (typeof data?.message === 'string' && data.message) return data.message;
  if (typeof data?.detail === 'string' && data.detail) return data.detail;
  return undefined;
}

/** Field errors the server sent with a 400, keyed by field path. */
export function serverFieldErrors(error: unknown): Record<string, string[]> {
  const data = (error as FetchError | undefined)?.data as { errors?: unknown } | undefined;
  return data && typeof data.errors === 'object' && data.errors !== null
    ? (data.errors as Record<string, string[]>)
    : {};
}
