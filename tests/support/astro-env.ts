/**
 * `astro:env/server` for Vitest, which runs without Astro's Vite plugins: each variable of the
 * app's schema read from `process.env` and checked by Astro's own validator when the module is
 * first imported, as the built server does at start. A test that changes a variable imports the
 * config anew (`vi.resetModules()`).
 */
import { validateEnvVariable } from 'astro/env/runtime';
import { ENV_SCHEMA } from '@/lib/server/env-schema';

type Schema = typeof ENV_SCHEMA;

function read(key: keyof Schema): unknown {
  const raw = process.env[key];
  const result = validateEnvVariable(raw === '' ? undefined : raw, ENV_SCHEMA[key]);
  if (!result.ok) throw new Error(`${key}: ${result.errors.join(', ')}`);
  return result.value;
}

export const getSecret = (key: string): string | undefined => process.env[key];
export const DATA_DIR = read('DATA_DIR');
export const DATABASE_URL = read('DATABASE_URL');
export const SITE_URL = read('SITE_URL');
export const HOST = read('HOST');
export const PORT = read('PORT');
export const MAIN_DOMAINS = read('MAIN_DOMAINS');
export const LOG_LEVEL = read('LOG_LEVEL');
export const TRUST_PROXY = read('TRUST_PROXY');
export const GOOGLE_CLIENT_ID = read('GOOGLE_CLIENT_ID');
export const GOOGLE_CLIENT_SECRET = read('GOOGLE_CLIENT_SECRET');
export const OIDC_ISSUER = read('OIDC_ISSUER');
export const SMTP_URL = read('SMTP_URL');
export const MAIL_FROM = read('MAIL_FROM');
export const PUBLIC_POSTHOG_KEY = read('PUBLIC_POSTHOG_KEY');
export const POSTHOG_HOST = read('POSTHOG_HOST');
export const DNS_SERVERS = read('DNS_SERVERS');
export const EDGE_CNAME = read('EDGE_CNAME');
export const EDGE_IPV4 = read('EDGE_IPV4');
export const WEBPAY_API_URL = read('WEBPAY_API_URL');
export const FLOW_API_URL = read('FLOW_API_URL');
export const MERCADOPAGO_API_URL = read('MERCADOPAGO_API_URL');
export const SHIPIT_API_URL = read('SHIPIT_API_URL');
export const STARKEN_API_URL = read('STARKEN_API_URL');
export const CHILEXPRESS_API_URL = read('CHILEXPRESS_API_URL');
export const MERCADOLIBRE_CLIENT_ID = read('MERCADOLIBRE_CLIENT_ID');
export const MERCADOLIBRE_CLIENT_SECRET = read('MERCADOLIBRE_CLIENT_SECRET');
export const MERCADOLIBRE_AUTH_URL = read('MERCADOLIBRE_AUTH_URL');
export const MERCADOLIBRE_API_URL = read('MERCADOLIBRE_API_URL');
export const SHIPMENT_POLL_MS = read('SHIPMENT_POLL_MS');
export const ORDER_HOLD_HOURS = read('ORDER_HOLD_HOURS');
export const ORDER_RATE_LIMIT = read('ORDER_RATE_LIMIT');
export const LESSONS_MEDIA_URL = read('LESSONS_MEDIA_URL');
export const SECRETS_KEY = read('SECRETS_KEY');
export const JOB_POLL_MS = read('JOB_POLL_MS');
export const JOB_LEASE_SECONDS = read('JOB_LEASE_SECONDS');
export const JOB_RETRY_BASE_MS = read('JOB_RETRY_BASE_MS');
export const JOB_RETRY_CAP_MS = read('JOB_RETRY_CAP_MS');
export const JOB_GIVE_UP_HOURS = read('JOB_GIVE_UP_HOURS');
export const JOB_CONCURRENCY = read('JOB_CONCURRENCY');
export const ORDER_SWEEP_SECONDS = read('ORDER_SWEEP_SECONDS');
export const TAX_DOCUMENT_WARN_HOURS = read('TAX_DOCUMENT_WARN_HOURS');
