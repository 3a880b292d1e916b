/**
 * Google sign-in: an OpenID Connect authorization-code flow with PKCE (openid-client)
 * against `OIDC_ISSUER` (Google by default). The callback URL is built from SITE_URL.
 */
import { cookieName } from '@/lib/cookies';
import * as oidc from 'openid-client';
import { googleOidc, siteUrl } from '@/lib/server/config';

/** Cookie that carries PKCE verifier, state and nonce between start and callback. */
export const OIDC_COOKIE = cookieName('oidc');
export const OIDC_COOKIE_PATH = '/auth/google';

export interface OidcSettings {
  issuer: URL;
  clientId: string;
  clientSecret: string;
}

/** The configured provider, or null when GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET are unset. */
export function oidcSettings(): OidcSettings | null {
  return googleOidc();
}

/** Where the provider sends the browser back: `/auth/google` on the canonical origin. */
export function callbackUrl(): URL {
  return new URL(OIDC_COOKIE_PATH, siteUrl());
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
let cached: { key: string; config: Promise<oidc.Configuration> } | undefined;

/** The provider's configuration, discovered once. Plain HTTP is allowed only on loopback (local providers). */
export function providerConfig(settings: OidcSettings): Promise<oidc.Configuration> {
  const key = `${settings.issuer.href}|${settings.clientId}`;
  if (cached?.key !== key) {
    const insecure = settings.issuer.protocol === 'http:' && LOOPBACK.has(settings.issuer.hostname);
    const config = oidc.discovery(
      settings.issuer,
      settings.clientId,
      settings.clientSecret,
      undefined,
      {
        execute: insecure ? [oidc.allowInsecureRequests] : [],
      },
    );
    cached = { key, config };
    config.catch(() => (cached = undefined));
  }
  return cached.config;
}

export interface PendingLogin {
  verifier: string;
  state: string;
  nonce: string;
}

/** Builds the authorization URL and the secrets to keep until the callback. */
export async function startLogin(
  settings: OidcSettings,
): Promise<{ url: URL; pending: PendingLogin }> {
  const config = await providerConfig(settings);
  const pending = {
    verifier: oidc.randomPKCECodeVerifier(),
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
  };
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl().href,
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
    code_challenge_method: 'S256',
    state: pending.state,
    nonce: pending.nonce,
  });
  return { url, pending };
}

/** Exchanges the callback's code and returns the verified identity. */
export async function finishLogin(settings: OidcSettings, search: string, pending: PendingLogin) {
  const config = await providerConfig(settings);
  const current = new URL(callbackUrl());
  current.search = search;
  const tokens = await oidc.authorizationCodeGrant(config, current, {
    pkceCodeVerifier: pending.verifier,
    expectedState: pending.state,
    expectedNonce: pending.nonce,
    idTokenExpected: true,
  });
  let claims: Record<string, unknown> & { sub: string } = tokens.claims()!;
  if (typeof claims.email !== 'string') {
    // Providers may keep scope claims in UserInfo rather than in the ID token.
    claims = { ...claims, ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)) };
  }
  return {
    provider: 'google',
    subject: claims.sub,
    email: typeof claims.email === 'string' ? claims.email : undefined,
    emailVerified: claims.email_verified === true,
    name: typeof claims.name === 'string' ? claims.name : undefined,
  };
}
