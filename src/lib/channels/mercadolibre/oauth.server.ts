/**
 * Mercado Libre's OAuth 2.0 for Impulsa's application (issue 66): the authorization URL a seller
 * is sent to, the code exchanged once, and the refresh — whose refresh token is single-use: each
 * answer carries the next one. `invalid_grant` is the seller's grant gone (revoked, expired, or an
 * old refresh token): it becomes `MercadoLibreGrantGone`, never a retry. What this relies on:
 * `../shared/chile-2026.md` §Mercado Libre, developers.mercadolibre.cl (autenticación y autorización).
 */
import { scalar } from '@/lib/channels/mercadolibre/scalar';
import { mercadoLibreApp, siteUrl } from '@/lib/server/config';

/** Any call to Mercado Libre is cut here. */
const TIMEOUT_MS = 8_000;

/** The seller's grant is gone: she connects again. */
export class MercadoLibreGrantGone extends Error {
  constructor(description: string) {
    super(`Mercado Libre refused the grant: ${description}`);
    this.name = 'MercadoLibreGrantGone';
  }
}

/** Mercado Libre answered something other than what was asked, or not at all. */
export class MercadoLibreError extends Error {
  readonly status: number;
  /** Mercado Libre's `cause[]` on a validation error (`item.attribute.missing_required`…). */
  readonly causes: { code: string; message: string }[];
  constructor(status: number, message: string, causes: { code: string; message: string }[] = []) {
    super(message);
    this.name = 'MercadoLibreError';
    this.status = status;
    this.causes = causes;
  }
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
  userId: string;
}

/** Impulsa's application, or a 503-worthy null while it is not set up. */
export function app() {
  return mercadoLibreApp();
}

/** Where Mercado Libre sends the seller back: it must match the application's setting exactly. */
export const redirectUri = () => new URL('/canales/mercadolibre/vuelta', siteUrl()).href;

export function authorizationUrl(state: string): string | null {
  const ml = app();
  if (!ml) return null;
  const url = new URL('/authorization', ml.authUrl);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: ml.clientId,
    redirect_uri: redirectUri(),
    state,
  }).toString();
  return url.href;
}

async function tokenCall(fields: Record<string, string>): Promise<TokenPair> {
  const ml = app();
  if (!ml) throw new MercadoLibreError(503, 'Mercado Libre is not set up');
  const res = await fetch(`${ml.apiUrl}/oauth/token`, {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      client_id: ml.clientId,
      client_secret: ml.clientSecret,
      ...fields,
    }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const data = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (res.status === 400 && data.error === 'invalid_grant')
    throw new MercadoLibreGrantGone(scalar(data.message) || scalar(data.error_description));
  if (!res.ok || typeof data.access_token !== 'string' || typeof data.refresh_token !== 'string')
    throw new MercadoLibreError(
      res.status,
      `Mercado Libre /oauth/token: ${scalar(data.message) || res.status}`,
    );
  return {
    accessToken: data.access_token,
    refreshToken: data.refresh_token,
    expiresAt: new Date(Date.now() + Number(data.expires_in ?? 21_600) * 1000),
    userId: scalar(data.user_id),
  };
}

/** The code Mercado Libre sent the seller back with, exchanged (once). */
export const exchangeCode = (code: string) =>
  tokenCall({ grant_type: 'authorization_code', code, redirect_uri: redirectUri() });

/** A new pair for the single-use refresh token. */
export const refreshGrant = (refreshToken: string) =>
  tokenCall({ grant_type: 'refresh_token', refresh_token: refreshToken });

/** `GET` a resource with the seller's access token (`headers`: `x-format-new` for orders). */
export const mlGet = (accessToken: string, path: string, headers: Record<string, string> = {}) =>
  mlCall(accessToken, 'GET', path, undefined, headers);

/** `PUT` JSON to a resource with the seller's access token (a listing's quantities). */
export const mlPut = (accessToken: string, path: string, body: unknown) =>
  mlCall(accessToken, 'PUT', path, JSON.stringify(body), { 'Content-Type': 'application/json' });

/** `POST` JSON (a new listing). */
export const mlPost = (accessToken: string, path: string, body: unknown) =>
  mlCall(accessToken, 'POST', path, JSON.stringify(body), { 'Content-Type': 'application/json' });

/** `POST` a multipart form (a pack's fiscal document): fetch writes its boundary. */
export const mlPostForm = (accessToken: string, path: string, form: FormData) =>
  mlCall(accessToken, 'POST', path, form);

async function mlCall(
  accessToken: string,
  method: 'GET' | 'PUT' | 'POST',
  path: string,
  body?: string | FormData,
  headers: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const ml = app();
  if (!ml) throw new MercadoLibreError(503, 'Mercado Libre is not set up');
  const res = await fetch(`${ml.apiUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json', ...headers },
    ...(body === undefined ? {} : { body }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const data = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok)
    throw new MercadoLibreError(
      res.status,
      `Mercado Libre ${path}: ${scalar(data.message) || res.status}`,
      (Array.isArray(data.cause) ? data.cause : []).map((c: Record<string, unknown>) => ({
        code: scalar(c?.code),
        message: scalar(c?.message),
      })),
    );
  return data;
}
