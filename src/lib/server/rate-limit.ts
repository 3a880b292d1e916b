/**
 * Fixed-window rate limits counted in the database, so they hold across app instances.
 * A rule names a window and a limit; a bucket is the rule plus its subject (IP, account). Each
 * feature names its own rules (`accounts/rate-rules.ts`, the orders' per-address limit).
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/handle';
import { rateLimits } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';

export interface RateRule {
  name: string;
  windowSeconds: number;
  limit: number;
}

function windowOf(rule: RateRule, now: number) {
  const ms = rule.windowSeconds * 1000;
  const start = Math.floor(now / ms) * ms;
  return { start: new Date(start), retryAfter: Math.max(1, Math.ceil((start + ms - now) / 1000)) };
}

function tooMany(retryAfter: number): HttpError {
  return new HttpError(429, 'Demasiados intentos. Espera un momento y vuelve a intentarlo.', {
    headers: { 'Retry-After': String(retryAfter) },
  });
}

/** Counts one hit for `subject`; resolves with the hits in this window so far. */
export async function record(
  db: Db,
  rule: RateRule,
  subject: string,
  now = Date.now(),
): Promise<number> {
  const { start } = windowOf(rule, now);
  const bucket = `${rule.name}:${subject}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ bucket, windowStart: start, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.bucket, rateLimits.windowStart],
      set: { hits: sql`${rateLimits.hits} + 1` },
    })
    .returning({ hits: rateLimits.hits });
  if (Math.random() < 0.01) void purgeOldWindows(db).catch(() => {});
  return row?.hits ?? 0;
}

/** Counts one hit for `subject`; throws 429 (with Retry-After) once the limit is passed. */
export async function hit(
  db: Db,
  rule: RateRule,
  subject: string,
  now = Date.now(),
): Promise<void> {
  if ((await record(db, rule, subject, now)) > rule.limit)
    throw tooMany(windowOf(rule, now).retryAfter);
}

/** Whether `subject` has already reached the limit in this window, without counting. */
export async function reached(
  db: Db,
  rule: RateRule,
  subject: string,
  now = Date.now(),
): Promise<boolean> {
  const { start } = windowOf(rule, now);
  const [row] = await db
    .select({ hits: rateLimits.hits })
    .from(rateLimits)
    .where(
      and(eq(rateLimits.bucket, `${rule.name}:${subject}`), eq(rateLimits.windowStart, start)),
    );
  return (row?.hits ?? 0) >= rule.limit;
}

/** Seconds until `rule`'s current window ends: what a 429 names in `Retry-After`. */
export const secondsLeft = (rule: RateRule, now = Date.now()): number =>
  windowOf(rule, now).retryAfter;

/** Throws 429 if `subject` has already reached the limit, without counting. */
export async function assertUnder(
  db: Db,
  rule: RateRule,
  subject: string,
  now = Date.now(),
): Promise<void> {
  if (await reached(db, rule, subject, now)) throw tooMany(windowOf(rule, now).retryAfter);
}

async function purgeOldWindows(db: Db): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, sql`now() - interval '1 day'`));
}
