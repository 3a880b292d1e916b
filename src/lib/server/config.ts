/**
 * Runtime configuration, read from `process.env` on every call so that secrets are never
 * inlined at build time (Astro inlines `import.meta.env`). Defaults follow DESIGN.md §2.
 * This module is imported by `scripts/serve.mjs` through Node's type stripping: keep it
 * free of path aliases and non-erasable TypeScript.
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

/** Canonical origin of the main app: every absolute link is built from it. */
export function siteUrl(): URL {
  return new URL(process.env.SITE_URL || 'http://localhost:4321');
}

/** Main domains, lower case, from `MAIN_DOMAINS` (comma separated) or the defaults. */
export function mainDomains(): string[] {
  const raw = process.env.MAIN_DOMAINS;
  const list = raw ? raw.split(',') : DEFAULT_MAIN_DOMAINS;
  return list.map((d) => d.trim().toLowerCase()).filter(Boolean);
}
