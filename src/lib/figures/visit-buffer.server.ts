/**
 * Visits counted in memory and written in batches, so counting costs a cached page one map
 * update: every `FLUSH_MS` (and before the figures are read, and at shutdown) the counts go to
 * `product_visits`/`page_visits` as one upsert per table, adding to what other instances wrote.
 * A failed write keeps the counts for the next one; past `MAX_KEYS` new pages are not counted
 * until the next write, so a flood of made-up paths cannot grow memory.
 */
import { sql } from 'drizzle-orm';
import { chileDay, chileDayEdge } from '@/lib/dates';
import { countsAsVisit, decodeTarget, type VisitRequest } from '@/lib/figures/visits';
import { getDb, type Db } from '@/lib/server/db/client';
import { registerJob } from '@/lib/server/jobs';
import { log } from '@/lib/server/log';

const FLUSH_MS = 10_000;
const MAX_KEYS = 10_000;
/** Rows per statement: well under PostgreSQL's 65,535 parameters. */
const CHUNK = 1_000;

/** `${day}|${target}` → visits not yet written. */
let pending = new Map<string, number>();
/** The last day's key prefix and its bounds (formatting a date costs more than a hit). */
let today = { prefix: '', since: 0, until: 0 };

function dayPrefix(now: number): string {
  if (now < today.since || now >= today.until) {
    const day = chileDay(now);
    today = {
      prefix: `${day}|`,
      since: chileDayEdge(day, 'start').getTime(),
      until: chileDayEdge(day, 'end').getTime() + 1,
    };
  }
  return today.prefix;
}

/** Counts one visit to `target` (an encoded `VisitTarget`). */
export function recordVisit(target: string, now = Date.now()): void {
  const key = dayPrefix(now) + target;
  const seen = pending.get(key);
  if (seen !== undefined) pending.set(key, seen + 1);
  else if (pending.size < MAX_KEYS) pending.set(key, 1);
}

/** Counts a page's answer when it names a target and the request is someone's visit. */
export function recordIfVisit(target: string | undefined, request: VisitRequest): void {
  if (target && countsAsVisit(request)) recordVisit(target);
}

/** Visits counted and not yet written (tests and the figures page read them). */
export function pendingVisits(): number {
  let total = 0;
  for (const n of pending.values()) total += n;
  return total;
}

let writing: Promise<void> = Promise.resolve();

/** Writes the counts so far; concurrent calls queue, so none writes a count twice. */
export function flushVisits(db: Db): Promise<void> {
  const run = writing.then(() => writeBatch(db));
  writing = run.catch(() => {});
  return run;
}

async function writeBatch(db: Db): Promise<void> {
  if (pending.size === 0) return;
  const batch = pending;
  pending = new Map();
  const products: [number, string, number][] = [];
  const pages: [number, string, string, number][] = [];
  for (const [key, visits] of batch) {
    const bar = key.indexOf('|');
    const day = key.slice(0, bar);
    const target = decodeTarget(key.slice(bar + 1));
    if (target?.kind === 'product') products.push([target.productId, day, visits]);
    else if (target) pages.push([target.siteId, target.path, day, visits]);
  }
  try {
    for (let i = 0; i < products.length; i += CHUNK) {
      await writeProducts(db, products.slice(i, i + CHUNK));
    }
    for (let i = 0; i < pages.length; i += CHUNK) await writePages(db, pages.slice(i, i + CHUNK));
  } catch (error) {
    // Put the counts back (added to any counted meanwhile) for the next write.
    for (const [key, visits] of batch) pending.set(key, (pending.get(key) ?? 0) + visits);
    throw error;
  }
}

// Rows whose product or site was deleted meanwhile are skipped by the join, not a failed batch.
async function writeProducts(db: Db, rows: [number, string, number][]): Promise<void> {
  const values = sql.join(
    rows.map(([id, day, n]) => sql`(${id}::int, ${day}::date, ${n}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    insert into product_visits (product_id, day, visits)
    select v.id, v.day, v.n from (values ${values}) as v(id, day, n)
    join products p on p.id = v.id
    on conflict (product_id, day) do update set visits = product_visits.visits + excluded.visits`);
}

async function writePages(db: Db, rows: [number, string, string, number][]): Promise<void> {
  const values = sql.join(
    rows.map(([id, path, day, n]) => sql`(${id}::int, ${path}::text, ${day}::date, ${n}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    insert into page_visits (site_id, path, day, visits)
    select v.id, v.path, v.day, v.n from (values ${values}) as v(id, path, day, n)
    join sites s on s.id = v.id
    on conflict (site_id, path, day) do update set visits = page_visits.visits + excluded.visits`);
}

/** Forgets the counts not yet written (tests start from nothing). */
export function discardVisits(): void {
  pending = new Map();
}

/** Writes the counts so far to the process's database (the job, and the server's shutdown). */
export async function writeVisits(): Promise<void> {
  await flushVisits(await getDb());
}

registerJob('visit-writer', () => {
  const write = () =>
    writeVisits().catch((error: unknown) =>
      log.warn('visits not written yet', {
        error: error instanceof Error ? error.message : String(error),
      }),
    );
  setInterval(() => void write(), FLUSH_MS).unref();
});
