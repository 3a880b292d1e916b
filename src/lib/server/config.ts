/**
 * Runtime configuration, read from `process.env` on every call so that secrets are never
 * inlined at build time (Astro inlines `import.meta.env`). Defaults follow docs/design.md §2.
 */
import path from 'node:path';

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
  return path.resolve(process.env.DATA_DIR || './data');
}

/** The PostgreSQL server to use instead of PGlite, if any. */
export function databaseUrl(): string | undefined {
  return process.env.DATABASE_URL || undefined;
}

/**
 * Canonical origin of the main app: every absolute link is built from it. Unset, it is this
 * machine on the port the server listens on, so `PORT=4400 npm start` links to :4400.
 */
export function siteUrl(): URL {
  return new URL(process.env.SITE_URL || `http://localhost:${listenAddress().port}`);
}

/** Main domains, lower case, from `MAIN_DOMAINS` (comma separated) or the defaults. */
export function mainDomains(): string[] {
  const raw = process.env.MAIN_DOMAINS;
  const list = raw ? raw.split(',') : DEFAULT_MAIN_DOMAINS;
  return list.map((d) => d.trim().toLowerCase()).filter(Boolean);
}

/** Address the server listens on (`HOST`, `PORT`). */
export function listenAddress(): { host: string; port: number } {
  return { host: process.env.HOST || '127.0.0.1', port: Number(process.env.PORT || 4321) };
}

/** `LOG_LEVEL`, lower case (default `info`). */
export function logLevel(): string {
  return (process.env.LOG_LEVEL || 'info').toLowerCase();
}

/** Google sign-in, or null when `GOOGLE_CLIENT_ID` / `GOOGLE_CLIENT_SECRET` are unset. */
export function googleOidc(): { issuer: URL; clientId: string; clientSecret: string } | null {
  const clientId = process.env.GOOGLE_CLIENT_ID;
  const clientSecret = process.env.GOOGLE_CLIENT_SECRET;
  if (!clientId || !clientSecret) return null;
  return {
    issuer: new URL(process.env.OIDC_ISSUER || 'https://accounts.google.com'),
    clientId,
    clientSecret,
  };
}

/** Outgoing mail: `SMTP_URL` (unset: the outbox folder) and `MAIL_FROM`. */
export function mailSettings(): { smtpUrl: string | undefined; from: string } {
  return {
    smtpUrl: process.env.SMTP_URL || undefined,
    from: process.env.MAIL_FROM || 'Impulsa <no-responder@impulsa.cl>',
  };
}

/** PostHog: the project key (`PUBLIC_POSTHOG_KEY`, unset: no analytics) and where the proxy forwards to. */
export function posthogSettings(): { key: string | undefined; host: string } {
  return {
    key: process.env.PUBLIC_POSTHOG_KEY || undefined,
    host: process.env.POSTHOG_HOST || 'https://us.i.posthog.com',
  };
}

/** `TRUST_PROXY=1`: the client IP is the first `X-Forwarded-For` hop. */
export function trustProxy(): boolean {
  return process.env.TRUST_PROXY === '1';
}

/** `DNS_SERVERS`: comma-separated `host:port` resolvers for custom-domain checks; empty: the system's. */
export function dnsServers(): string[] {
  return (process.env.DNS_SERVERS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** What a seller's DNS must point at (`EDGE_CNAME`, `EDGE_IPV4`), shown in the custom-domain steps. */
export function edgeTargets(): { cname: string; ipv4: string | null } {
  return {
    cname: process.env.EDGE_CNAME || 'sites.impulsa.cl',
    ipv4: process.env.EDGE_IPV4 || null,
  };
}

/**
 * Where Webpay's API answers for an environment: `WEBPAY_API_URL` when set (the tests' local
 * Webpay), else Transbank's own host. Each store brings its own commerce code and secret key.
 */
export function webpayApiUrl(environment: 'integration' | 'production'): string {
  const url =
    process.env.WEBPAY_API_URL ||
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
  const hours = Number(process.env.ORDER_HOLD_HOURS);
  return process.env.ORDER_HOLD_HOURS && Number.isFinite(hours) && hours > 0 ? hours : undefined;
}

/** Orders one address may place per hour (`ORDER_RATE_LIMIT`, default 60): orders hold stock. */
export function orderRateLimit(): number {
  const limit = Number(process.env.ORDER_RATE_LIMIT);
  return Number.isInteger(limit) && limit > 0 ? limit : 60;
}

/** Base URL of lesson videos, captions and posters on a CDN (`LESSONS_MEDIA_URL`); null: the files shipped with the app. */
export function lessonsMediaUrl(): string | null {
  const base = process.env.LESSONS_MEDIA_URL?.trim();
  return base ? base.replace(/\/+$/, '') : null;
}

/** A positive number from the environment, or `fallback` when unset or not one. */
function positive(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return process.env[name] && Number.isFinite(value) && value > 0 ? value : fallback;
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
    pollMs: positive('JOB_POLL_MS', 5000),
    leaseSeconds: positive('JOB_LEASE_SECONDS', 60),
    retryBaseMs: positive('JOB_RETRY_BASE_MS', 30_000),
    retryCapMs: positive('JOB_RETRY_CAP_MS', 3_600_000),
    giveUpHours: positive('JOB_GIVE_UP_HOURS', 48),
    concurrency: Math.floor(positive('JOB_CONCURRENCY', 2)),
    sweepSeconds: positive('ORDER_SWEEP_SECONDS', 60),
  };
}
