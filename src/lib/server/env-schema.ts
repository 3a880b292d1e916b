/**
 * Every environment variable the server reads, typed and validated by `astro:env`
 * (docs/decisions/2026-11-27-astro-env.md). All are `secret` server variables: Astro inlines a
 * public server variable at build time, and these are set where the server runs. A value of the
 * wrong type stops the server at start with the variable's name, instead of a silent fallback.
 */
import { envField } from 'astro/config';

const text = (fallback?: string) =>
  envField.string({
    context: 'server',
    access: 'secret',
    ...(fallback === undefined ? { optional: true } : { default: fallback }),
  });
const url = (fallback?: string) =>
  envField.string({
    context: 'server',
    access: 'secret',
    url: true,
    ...(fallback === undefined ? { optional: true } : { default: fallback }),
  });
const positive = (fallback?: number, int = false) =>
  envField.number({
    context: 'server',
    access: 'secret',
    gt: 0,
    // `int: false` would demand a fraction: leave it out for a number that may be whole.
    ...(int ? { int } : {}),
    ...(fallback === undefined ? { optional: true } : { default: fallback }),
  });

export const ENV_SCHEMA = {
  /** Where the embedded database, the mail outbox and other files live. */
  DATA_DIR: text('./data'),
  /** The PostgreSQL server to use instead of PGlite. */
  DATABASE_URL: url(),
  /** Canonical origin of the main app; unset: this machine on `PORT`. */
  SITE_URL: url(),
  HOST: text('127.0.0.1'),
  PORT: positive(4321, true),
  /** Comma-separated hosts that serve the main app. */
  MAIN_DOMAINS: text(),
  LOG_LEVEL: envField.enum({
    context: 'server',
    access: 'secret',
    values: ['debug', 'info', 'warn', 'error', 'silent'],
    default: 'info',
  }),
  /** `1`: the client's address is the first `X-Forwarded-For` hop. */
  TRUST_PROXY: envField.enum({
    context: 'server',
    access: 'secret',
    values: ['0', '1'],
    default: '0',
  }),
  GOOGLE_CLIENT_ID: text(),
  GOOGLE_CLIENT_SECRET: text(),
  OIDC_ISSUER: url('https://accounts.google.com'),
  SMTP_URL: text(),
  MAIL_FROM: text('Impulsa <no-responder@impulsa.cl>'),
  /** PostHog's project key; unset: no analytics. Read at run time, so not a public variable. */
  PUBLIC_POSTHOG_KEY: text(),
  POSTHOG_HOST: url('https://us.i.posthog.com'),
  /** Comma-separated `host:port` resolvers for custom-domain checks; unset: the system's. */
  DNS_SERVERS: text(),
  EDGE_CNAME: text('sites.impulsa.cl'),
  EDGE_IPV4: text(),
  /** Webpay's API instead of Transbank's hosts (the tests' local Webpay). */
  WEBPAY_API_URL: url(),
  /** OpenFactura's API instead of Haulmer's hosts (the tests' local OpenFactura). */
  OPENFACTURA_API_URL: url(),
  /** Flow's API instead of its sandbox and production hosts (the tests' local Flow). */
  FLOW_API_URL: url(),
  /** Mercado Pago's API instead of api.mercadopago.com (the tests' local Mercado Pago). */
  MERCADOPAGO_API_URL: url(),
  /** Impulsa's application at Mercado Libre (issue 66); unset: the channel says it is not set up. */
  MERCADOLIBRE_CLIENT_ID: text(),
  MERCADOLIBRE_CLIENT_SECRET: text(),
  /** Mercado Libre's authorization and API hosts instead of the real ones (the tests' local one). */
  MERCADOLIBRE_AUTH_URL: url(),
  MERCADOLIBRE_API_URL: url(),
  /** Shipit's API instead of api.shipit.cl (the tests' local Shipit). */
  SHIPIT_API_URL: url(),
  /** Starken's integration gateway instead of gateway.starken.cl (the tests' local Starken). */
  STARKEN_API_URL: url(),
  /** Chilexpress's API instead of services.wschilexpress.com (the tests' local Chilexpress). */
  CHILEXPRESS_API_URL: url(),
  /** How soon a new shipment is first asked for its label; each later ask waits twice as long. */
  SHIPMENT_POLL_MS: positive(5000),
  /** Overrides every shop's own hold time, in hours. */
  ORDER_HOLD_HOURS: positive(),
  ORDER_RATE_LIMIT: positive(60, true),
  LESSONS_MEDIA_URL: url(),
  /** 64 hexadecimal characters: the key that seals sellers' payment credentials. */
  SECRETS_KEY: envField.string({ context: 'server', access: 'secret', optional: true, length: 64 }),
  JOB_POLL_MS: positive(5000),
  JOB_LEASE_SECONDS: positive(60),
  JOB_RETRY_BASE_MS: positive(30_000),
  JOB_RETRY_CAP_MS: positive(3_600_000),
  JOB_GIVE_UP_HOURS: positive(48),
  JOB_CONCURRENCY: positive(2, true),
  ORDER_SWEEP_SECONDS: positive(60),
  /** Hours a tax document may keep failing before its seller is told (once). */
  TAX_DOCUMENT_WARN_HOURS: positive(24),
};
