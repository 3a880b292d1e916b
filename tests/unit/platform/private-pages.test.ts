/**
 * Kept signed-in pages (`private-pages.ts`): answered only for the same user, address and
 * stamp, within their time; never kept for a toast, an error or a cookie. And the database side
 * of the contract: every table the dashboard's statement reads moves the dashboard version.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PRIVATE_PAGE_TTL_MS, PrivatePages, type PrivatePageContext } from '@/lib/server/cache/private-pages';
import { openDatabase, type DbHandle } from '@/lib/server/db/client';
import { keepPrivatePagesWith } from '@/lib/server/middleware/keep-private-pages';
import { dashboardParts } from '@/lib/modules.server';

vi.mock('astro:content', () => ({ getCollection: async () => [] }));

const user = (id: number, name = 'Ana') => ({ id, email: `u${id}@ejemplo.cl`, full_name: name }) as never;
function context(id: number | null, path = '/dashboard', cookies: string[] = [], name?: string): PrivatePageContext {
  return { url: new URL(`http://localhost${path}`), locals: { user: id === null ? null : user(id, name) }, cookies: { has: (c) => cookies.includes(c) } };
}
const page = (body = '<p>hola</p>', init: ResponseInit = {}) => new Response(body, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, ...init });

async function keepFor(pages: PrivatePages, ctx: PrivatePageContext, version: number, response = page()) {
  pages.keepAs(ctx, version);
  return pages.keep(ctx.locals.keepPage!, response);
}

describe('kept signed-in pages', () => {
  it('answers the same user at the same address and version with the same bytes', async () => {
    const pages = new PrivatePages();
    expect(pages.answer(context(1), 3)).toBeNull();
    const passed = await keepFor(pages, context(1), 3);
    expect(await passed.text()).toBe('<p>hola</p>');
    const hit = pages.answer(context(1), 3)!;
    expect(await hit.text()).toBe('<p>hola</p>');
    expect(hit.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(hit.headers.get('x-render-cache')).toBe('private-hit');
    expect(pages.answer(context(1), 4)).toBeNull();
    expect(pages.answer(context(2), 3)).toBeNull();
    expect(pages.answer(context(1, '/dashboard?page=2'), 3)).toBeNull();
    expect(pages.answer(context(1, '/dashboard', [], 'Ana María'), 3)).toBeNull();
  });

  it('keeps nothing for nobody, a waiting toast, an error or a page that sets a cookie', async () => {
    const pages = new PrivatePages();
    pages.keepAs(context(null), 1);
    pages.keepAs(context(1, '/dashboard', ['impulsa_flash']), 1);
    expect(context(1, '/dashboard', ['impulsa_flash']).locals.keepPage).toBeUndefined();
    await keepFor(pages, context(1), 1, page('x', { status: 500, headers: { 'content-type': 'text/html' } }));
    await keepFor(pages, context(2), 1, page('x', { headers: { 'content-type': 'text/html', 'set-cookie': 'a=b' } }));
    await keepFor(pages, context(3), 1, new Response('{}', { headers: { 'content-type': 'application/json' } }));
    for (const id of [1, 2, 3]) expect(pages.answer(context(id), 1)).toBeNull();
    await keepFor(pages, context(4), 1);
    expect(pages.answer(context(4, '/dashboard', ['impulsa_flash']), 1)).toBeNull();
  });

  it('is kept by its middleware when the page asked for it, and only then', async () => {
    const pages = new PrivatePages();
    const keep = keepPrivatePagesWith(pages);
    const passed = (await keep(context(1) as never, () => Promise.resolve(page('<p>a</p>')))) as Response;
    expect(await passed.text()).toBe('<p>a</p>');
    expect(pages.answer(context(1), 1)).toBeNull();
    const asking = context(1);
    pages.keepAs(asking, 1);
    const kept = (await keep(asking as never, () => Promise.resolve(page('<p>b</p>')))) as Response;
    expect(await kept.text()).toBe('<p>b</p>');
    expect(await pages.answer(context(1), 1)!.text()).toBe('<p>b</p>');
  });

  it('renders again once a kept page is older than its time, and drops the oldest beyond its size', async () => {
    let now = 0;
    const pages = new PrivatePages(2, () => now);
    await keepFor(pages, context(1), 1);
    now = PRIVATE_PAGE_TTL_MS;
    expect(pages.answer(context(1), 1)).not.toBeNull();
    now = PRIVATE_PAGE_TTL_MS + 1;
    expect(pages.answer(context(1), 1)).toBeNull();
    for (const id of [2, 3, 4]) await keepFor(pages, context(id), 1);
    expect(pages.answer(context(2), 1)).toBeNull();
    expect(pages.answer(context(4), 1)).not.toBeNull();
  });
});

describe('the dashboard version', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openDatabase({ pgliteDir: 'memory://' });
  });
  afterAll(() => handle.close());

  it('is moved by a trigger, at commit, on insert, update and delete of every table the dashboard reads', async () => {
    const statement = handle.db.select(Object.fromEntries(Object.entries(await dashboardParts(1, 1, 20)).map(([k, p]) => [k, sql`(${p.sql})`]))).from(sql`(select 1) as one`).toSQL().sql;
    const read = new Set([...statement.matchAll(/from "(\w+)"/g)].map((m) => m[1]!));
    read.delete('dashboard_versions');
    expect(read.size).toBeGreaterThanOrEqual(8);
    const { rows } = (await handle.db.execute(sql`
      select c.relname as table, bool_or(t.tgtype & 4 <> 0) as inserts, bool_or(t.tgtype & 16 <> 0) as updates, bool_or(t.tgtype & 8 <> 0) as deletes, bool_and(t.tgdeferrable and t.tginitdeferred) as deferred
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
      where p.proname = 'dashboard_touch' group by c.relname`)) as unknown as { rows: { table: string; inserts: boolean; updates: boolean; deletes: boolean; deferred: boolean }[] };
    const touched = new Map(rows.map(({ table, ...events }) => [table, events]));
    for (const table of read) expect(touched.get(table), table).toEqual({ inserts: true, updates: true, deletes: true, deferred: true });
  });
});
