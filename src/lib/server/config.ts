/**
 * Runtime configuration, in the shapes the app uses. The variables, their types and defaults are
 * declared once in `env-schema.ts` and validated by `astro:env` when the server starts; they are
 * secret server variables, so nothing is inlined at build time. Defaults follow docs/design.md §2.
 */
import path from 'node:path';
import * as env from 'astro:env/server';

/** Hosts that serve the main app; `x.<main domain>` is subdomain site `x`. */
export const DEFAULT_MAIN_DOMAINS = [
  'impulsa.cl',
  'staging.impulsa.cl',
  'www.impulsa.cl',
  'impulsa.localhost',
  '127.0.0.1',
  'localhost',
];

/** Where the embedded database, the mail outbox and other files live. */
export function dataDir(): string {
  return path.resolve(env.DATA_DIR);
}

/** The PostgreSQL server to use instead of PGlite, if any. */
export function databaseUrl(): string | undefined {
  return env.DATABASE_URL;
}

/**
 * Canonical origin of the main app: every absolute link is built from it. Unset, it is this
 * machine on the port the server listens on, so `PORT=4400 npm start` links to :4400.
 */
export function siteUrl(): URL {
  return new URL(env.SITE_URL ?? `http://localhost:${listenAddress().port}`);
}

/** Main domains, lower case, from `MAIN_DOMAINS` (comma separated) or the defaults. */
export function mainDomains(): string[] {
  const list = env.MAIN_DOMAINS ? env.MAIN_DOMAINS.split(',') : DEFAULT_MAIN_DOMAINS;
  return list.map((d) => d.trim().toLowerCase()).filter(Boolean);
}

/** Address the server listens on (`HOST`, `PORT`). */
export function listenAddress(): { host: string; port: number } {
  return { host: env.HOST, port: env.PORT };
}

/** `LOG_LEVEL` (default `info`). */
export function logLevel(): (typeof env)['LOG_LEVEL'] {
  return env.LOG_LEVEL;
}

/** Google sign-in, or null when `GOOGLE_CLIENT_ID` / `GOOGLE_CLIENT_SECRET` are unset. */
export function googleOidc(): { issuer: URL; clientId: string; clientSecret: string } | null {
  const clientId = env.GOOGLE_CLIENT_ID;
  const clientSecret = env.GOOGLE_CLIENT_SECRET;
  if (!clientId || !clientSecret) return null;
  return {
    issuer: new URL(env.OIDC_ISSUER),
    clientId,
    clientSecret,
  };
}

/** Outgoing mail: `SMTP_URL` (unset: the outbox folder) and `MAIL_FROM`. */
export function mailSettings(): { smtpUrl: string | undefined; from: string } {
  return {
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
  };
}

/** PostHog: the project key (`PUBLIC_POSTHOG_KEY`, unset: no analytics) and where the proxy forwards to. */
export function posthogSettings(): { key: string | undefined; host: string } {
  return {
    key: env.PUBLIC_POSTHOG_KEY,
    host: env.POSTHOG_HOST,
  };
}

/** `TRUST_PROXY=1`: the client IP is the first `X-Forwarded-For` hop. */
export function trustProxy(): boolean {
  return env.TRUST_PROXY === '1';
}

/** `DNS_SERVERS`: comma-separated `host:port` resolvers for custom-domain checks; empty: the system's. */
export function dnsServers(): string[] {
  return (env.DNS_SERVERS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** What a seller's DNS must point at (`EDGE_CNAME`, `EDGE_IPV4`), shown in the custom-domain steps. */
export function edgeTargets(): { cname: string; ipv4: string | null } {
  return {
    cname: env.EDGE_CNAME,
    ipv4: env.EDGE_IPV4 ?? null,
  };
}

/**
 * Where OpenFactura answers for an environment: `OPENFACTURA_API_URL` when set (the tests' local
 * OpenFactura), else Haulmer's development host for demo keys and its production host.
 */
export function openFacturaApiUrl(environment: 'demo' | 'production'): string {
  const url =
    env.OPENFACTURA_API_URL ??
    (environment === 'production' ? 'https://api.haulmer.com' : 'https://dev-api.haulmer.com');
  return url.replace(/\/+$/, '');
}

/** How long a tax document may keep failing before its seller is told, once (a day). */
export function taxDocumentWarnMs(): number {
  return env.TAX_DOCUMENT_WARN_HOURS * 3_600_000;
}

/**
 * Where Flow's API answers for an environment: `FLOW_API_URL` when set (the tests' local Flow),
 * else Flow's sandbox or production host. Each store brings its own API key and secret key.
 */
export function flowApiUrl(environment: 'sandbox' | 'production'): string {
  const url =
    env.FLOW_API_URL ??
    (environment === 'production' ? 'https://www.flow.cl/api' : 'https://sandbox.flow.cl/api');
  return url.replace(/\/+$/, '');
}

/** The origins Flow's payment pages are on: checkout's form is answered with a redirect there. */
export function flowOrigins(): string[] {
  return env.FLOW_API_URL
    ? [new URL(env.FLOW_API_URL).origin]
    : ['https://www.flow.cl', 'https://sandbox.flow.cl'];
}

/** How soon a new shipment is first asked for its tracking and label (`SHIPMENT_POLL_MS`). */
export function shipmentPollMs(): number {
  return env.SHIPMENT_POLL_MS;
}

/** Where Shipit's API answers: `SHIPIT_API_URL` when set (the tests' local Shipit). */
export function shipitApiUrl(): string {
  return (env.SHIPIT_API_URL ?? 'https://api.shipit.cl').replace(/\/+$/, '');
}

/** Where Starken's integration gateway answers: `STARKEN_API_URL` when set (the tests' local one). */
export function starkenApiUrl(): string {
  return (env.STARKEN_API_URL ?? 'https://gateway.starken.cl/externo/integracion').replace(
    /\/+$/,
    '',
  );
}

/** Where Chilexpress's API answers: `CHILEXPRESS_API_URL` when set (the tests' local one). */
export function chilexpressApiUrl(): string {
  return (env.CHILEXPRESS_API_URL ?? 'https://services.wschilexpress.com').replace(/\/+$/, '');
}

/** Impulsa's application at Mercado Libre and its hosts; null while the application is not set up. */
export function mercadoLibreApp(): {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  apiUrl: string;
} | null {
  if (!env.MERCADOLIBRE_CLIENT_ID || !env.MERCADOLIBRE_CLIENT_SECRET) return null;
  return {
    clientId: env.MERCADOLIBRE_CLIENT_ID,
    clientSecret: env.MERCADOLIBRE_CLIENT_SECRET,
    authUrl: (env.MERCADOLIBRE_AUTH_URL ?? 'https://auth.mercadolibre.cl').replace(/\/+$/, ''),
    apiUrl: (env.MERCADOLIBRE_API_URL ?? 'https://api.mercadolibre.com').replace(/\/+$/, ''),
  };
}

/** Where Mercado Pago's API answers: `MERCADOPAGO_API_URL` when set (the tests' local one). */
export function mercadoPagoApiUrl(): string {
  return (env.MERCADOPAGO_API_URL ?? 'https://api.mercadopago.com').replace(/\/+$/, '');
}

/** The origins Mercado Pago's checkout pages are on (Chile's, and its sandbox). */
export function mercadoPagoOrigins(): string[] {
  return env.MERCADOPAGO_API_URL
    ? [new URL(env.MERCADOPAGO_API_URL).origin]
    : ['https://www.mercadopago.cl', 'https://sandbox.mercadopago.cl'];
}

/**
 * Where Webpay's API answers for an environment: `WEBPAY_API_URL` when set (the tests' local
 * Webpay), else Transbank's own host. Each store brings its own commerce code and secret key.
 */
export function webpayApiUrl(environment: 'integration' | 'production'): string {
  const url =
    env.WEBPAY_API_URL ??
    (environment === 'production'
      ? 'https://webpay3g.transbank.cl'
      : 'https://webpay3gint.transbank.cl');
  return url.replace(/\/+$/, '');
}

/**
 * `ORDER_HOLD_HOURS`, when set, overrides every shop's own hold time (each shop sets its own,
 * default 24 h); undefined otherwise.
 */
export function orderHoldHours(): number | undefined {
  return env.ORDER_HOLD_HOURS;
}

/** Orders one address may place per hour (`ORDER_RATE_LIMIT`, default 60): orders hold stock. */
export function orderRateLimit(): number {
  return env.ORDER_RATE_LIMIT;
}

/**
 * Base URL of lesson videos, captions and posters on a CDN (`LESSONS_MEDIA_URL`); null: the files
 * shipped with the app.
 */
export function lessonsMediaUrl(): string | null {
  return env.LESSONS_MEDIA_URL?.replace(/\/+$/, '') ?? null;
}

/**
 * The job queue's timing (`server/queue/`). Production keeps the defaults: a failed job waits
 * 30 s, then twice as long each time up to an hour, and is given up 48 h after it was enqueued.
 * Tests shorten them (`JOB_*`) so an outage of a minute is over in seconds.
 */
export function jobSettings(): {
  pollMs: number;
  leaseSeconds: number;
  retryBaseMs: number;
  retryCapMs: number;
  giveUpHours: number;
  concurrency: number;
  sweepSeconds: number;
} {
  return {
    pollMs: env.JOB_POLL_MS,
    leaseSeconds: env.JOB_LEASE_SECONDS,
    retryBaseMs: env.JOB_RETRY_BASE_MS,
    retryCapMs: env.JOB_RETRY_CAP_MS,
    giveUpHours: env.JOB_GIVE_UP_HOURS,
    concurrency: env.JOB_CONCURRENCY,
    sweepSeconds: env.ORDER_SWEEP_SECONDS,
  };
}

/** `SECRETS_KEY`: the key that seals sellers' payment credentials, when set. */
export function secretsKey(): string | undefined {
  return env.SECRETS_KEY?.trim();
}
