/**
 * Kept signed-in answers (`server/private-answers/kept-answers.ts`): answered only for the same user, credential,
 * address and stamp, within their time; never kept for a toast, an error or a cookie; before
 * Astro only from what memory knows. The known versions (`known-versions.ts`). And the database
 * side of the contract: every table the dashboard's statement reads moves the dashboard version,
 * and announces it.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  PRIVATE_PAGE_TTL_MS,
  PrivatePages,
  type MemoryLookups,
  type PrivatePageContext,
} from '@/lib/server/private-answers/kept-answers';
import { KnownVersions } from '@/lib/server/private-answers/known-versions';
import { tags } from '@/lib/server/cache/tags';
import { openDatabase, type DbHandle } from '@/lib/server/db/client';
import { canvases, users } from '@/lib/server/db/schema';
import { keepPrivateAnswersWith } from '@/lib/server/private-answers/middleware';
import { dashboardParts } from '@/lib/journey/progress.server';

vi.mock('astro:content', () => ({ getCollection: async () => [] }));

const user = (id: number, name = 'Ana') => ({
  id,
  email: `u${id}@ejemplo.cl`,
  full_name: name,
  is_transbank_referral: false,
});
type Via = 'header' | 'cookie';
function context(
  id: number | null,
  path = '/dashboard',
  cookies: string[] = [],
  name?: string,
  via: Via = 'cookie',
  host = 'localhost:4321',
): PrivatePageContext {
  const url = new URL(`http://${host}${path}`);
  return {
    url,
    request: { headers: new Headers({ host }) },
    locals: { user: id === null ? null : user(id, name), auth: id === null ? null : { via } },
    cookies: { has: (c) => cookies.includes(c) },
  };
}
const page = (body = '<p>hola</p>', init: ResponseInit = {}) =>
  new Response(body, {
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    ...init,
  });

/** Memory as `answerRequest` sees it: tokens `t<id>` belong to user <id> (named by `names`), versions by user. */
function memory(names: Record<number, string> = {}) {
  const versions = new Map<number, number>();
  const database = { answering: true };
  const lookups: MemoryLookups = {
    userFor: (token) =>
      /^t\d+$/.test(token)
        ? user(Number(token.slice(1)), names[Number(token.slice(1))])
        : undefined,
    versionOf: (id) => versions.get(id),
    databaseAnswering: () => database.answering,
  };
  return { lookups, versions, names, database };
}

async function keepFor(
  pages: PrivatePages,
  ctx: PrivatePageContext,
  version: number | null,
  response = page(),
) {
  pages.keepAs(ctx, version);
  return pages.keep(ctx.locals.keepPage!, response);
}

/** A node:http request and a response that records what was written. */
function nodeRequest(path: string, headers: Record<string, string>, method = 'GET') {
  const req = {
    method,
    url: path,
    headers: { host: 'localhost:4321', ...headers },
  } as unknown as IncomingMessage;
  const sent: { status?: number; headers?: string[]; body?: string } = {};
  const res = {
    writeHead(status: number, raw: string[]) {
      sent.status = status;
      sent.headers = raw;
    },
    end(body: Uint8Array) {
      sent.body = new TextDecoder().decode(body);
    },
  } as unknown as ServerResponse;
  return { req, res, sent };
}

describe('kept signed-in pages', () => {
  it('answers the same user at the same address, credential and version with the same bytes', async () => {
    const pages = new PrivatePages(memory().lookups);
    expect(pages.answer(context(1), 3)).toBeNull();
    const passed = await keepFor(pages, context(1), 3);
    expect(await passed.text()).toBe('<p>hola</p>');
    const hit = pages.answer(context(1), 3)!;
    expect(await hit.text()).toBe('<p>hola</p>');
    expect(hit.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(hit.headers.get('x-render-cache')).toBe('private-checked');
    expect(pages.answer(context(1), 4)).toBeNull();
    expect(pages.answer(context(2), 3)).toBeNull();
    expect(pages.answer(context(1, '/dashboard?page=2'), 3)).toBeNull();
    expect(pages.answer(context(1, '/dashboard', [], 'Ana María'), 3)).toBeNull();
    expect(pages.answer(context(1, '/dashboard', [], undefined, 'header'), 3)).toBeNull();
    expect(
      pages.answer(context(1, '/dashboard', [], undefined, 'cookie', 'otro.cl'), 3),
    ).toBeNull();
  });

  it('keeps nothing signed out, with a toast, return page or company pending, an error or a cookie', async () => {
    const pages = new PrivatePages(memory().lookups);
    pages.keepAs(context(null), 1);
    for (const cookie of ['impulsa_flash', 'impulsa_intended', 'impulsa_quickstart']) {
      const ctx = context(1, '/dashboard', [cookie]);
      pages.keepAs(ctx, 1);
      expect(ctx.locals.keepPage, cookie).toBeUndefined();
    }
    await keepFor(
      pages,
      context(1),
      1,
      page('x', { status: 500, headers: { 'content-type': 'text/html' } }),
    );
    await keepFor(
      pages,
      context(2),
      1,
      page('x', { headers: { 'content-type': 'text/html', 'set-cookie': 'a=b' } }),
    );
    await keepFor(
      pages,
      context(3),
      1,
      new Response('x', { headers: { 'content-type': 'text/plain' } }),
    );
    for (const id of [1, 2, 3]) expect(pages.answer(context(id), 1)).toBeNull();
    await keepFor(pages, context(4), 1);
    expect(pages.answer(context(4, '/dashboard', ['impulsa_flash']), 1)).toBeNull();
    await keepFor(
      pages,
      context(5, '/api/users/me/', [], undefined, 'header'),
      null,
      new Response('{"id":5}', { headers: { 'content-type': 'application/json; charset=utf-8' } }),
    );
    expect(
      await pages.answer(context(5, '/api/users/me/', [], undefined, 'header'), null)!.text(),
    ).toBe('{"id":5}');
  });

  it("is kept by its middleware when asked, and a write forgets the writer's known version", async () => {
    const pages = new PrivatePages(memory().lookups);
    const versions = new KnownVersions();
    const keep = keepPrivateAnswersWith(pages, () => versions);
    const call = (ctx: PrivatePageContext, method: string, response: Response) =>
      keep({ ...ctx, request: { ...ctx.request, method } } as never, () =>
        Promise.resolve(response),
      ) as Promise<Response>;
    const passed = await call(context(1), 'GET', page('<p>a</p>'));
    expect(await passed.text()).toBe('<p>a</p>');
    expect(pages.answer(context(1), 1)).toBeNull();
    const asking = context(1);
    pages.keepAs(asking, 1);
    const kept = await call(asking, 'GET', page('<p>b</p>'));
    expect(await kept.text()).toBe('<p>b</p>');
    expect(await pages.answer(context(1), 1)!.text()).toBe('<p>b</p>');

    versions.learn(1, 7, versions.mark());
    versions.learn(2, 3, versions.mark());
    await call(context(1), 'GET', page());
    expect(versions.get(1)).toBe(7);
    await call(context(1), 'POST', new Response(null, { status: 303 }));
    expect(versions.get(1)).toBeUndefined();
    expect(versions.get(2)).toBe(3);
  });

  it('renders again once a kept page is older than its time, and drops the oldest beyond its size', async () => {
    let now = 0;
    const pages = new PrivatePages(memory().lookups, 2, () => now);
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

describe('kept answers before Astro runs (serve.mjs)', () => {
  it('answers from memory alone: the credential known, the version known and unmoved', async () => {
    const { lookups, versions, names, database } = memory();
    const pages = new PrivatePages(lookups);
    const kept = await keepFor(
      pages,
      context(1),
      3,
      page('<p>panel</p>', {
        headers: {
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy': "default-src 'self'",
        },
      }),
    );
    await kept.arrayBuffer();
    const ask = (
      path = '/dashboard',
      headers: Record<string, string> = { cookie: 'impulsa_session=t1' },
      method?: string,
    ) => {
      const { req, res, sent } = nodeRequest(path, headers, method);
      return { answered: pages.answerRequest(req, res), sent };
    };
    // The version is not known in memory yet: Astro decides.
    expect(ask().answered).toBe(false);
    versions.set(1, 3);
    const hit = ask();
    expect(hit.answered).toBe(true);
    expect(hit.sent.status).toBe(200);
    expect(hit.sent.body).toBe('<p>panel</p>');
    expect(hit.sent.headers).toEqual([
      'content-security-policy',
      "default-src 'self'",
      'content-type',
      'text/html; charset=utf-8',
      'Content-Length',
      '12',
      'X-Render-Cache',
      'private-hit',
    ]);
    expect(ask('/dashboard', { cookie: 'ph_x=1; impulsa_session=t1' }).answered).toBe(true);
    database.answering = false;
    expect(
      ask().answered,
      'the database has not answered lately: Astro answers (a 503 if it is away)',
    ).toBe(false);
    database.answering = true;

    versions.set(1, 4);
    expect(ask().answered, 'the version moved').toBe(false);
    versions.set(1, 3);
    names[1] = 'Ana María';
    expect(ask().answered, 'the user was renamed').toBe(false);
    delete names[1];
    expect(ask('/dashboard', { cookie: 'impulsa_session=t2' }).answered, 'another user').toBe(
      false,
    );
    expect(
      ask('/dashboard', { cookie: 'impulsa_session=nadie' }).answered,
      'an unknown credential',
    ).toBe(false);
    expect(ask('/dashboard?page=2').answered, 'another query').toBe(false);
    expect(
      ask('/dashboard', { cookie: 'impulsa_session=t1', host: 'otro.cl' }).answered,
      'another host',
    ).toBe(false);
    expect(
      ask('/dashboard', { cookie: 'impulsa_session=t1', 'x-forwarded-proto': 'https' }).answered,
      'another protocol',
    ).toBe(false);
    expect(
      ask('/dashboard', { cookie: '__Host-impulsa_session=t1' }).answered,
      'the other session cookie',
    ).toBe(false);
    expect(
      ask('/dashboard', { cookie: 'impulsa_session=t1; __Host-impulsa_session=t1' }).answered,
      'both session cookies',
    ).toBe(false);
    expect(
      ask('/dashboard', { authorization: 'Token t1' }).answered,
      'a token instead of the cookie',
    ).toBe(false);
    expect(
      ask('/dashboard', { cookie: 'impulsa_session=t1', authorization: 'Basic x' }).answered,
      'an Authorization header Astro reads first',
    ).toBe(false);
    for (const cookie of ['impulsa_flash=x', 'impulsa_intended=%2Fcanvas', 'impulsa_quickstart=x'])
      expect(ask('/dashboard', { cookie: `impulsa_session=t1; ${cookie}` }).answered, cookie).toBe(
        false,
      );
    expect(ask('/dashboard', undefined, 'HEAD').answered).toBe(false);
    expect(ask('/dashboard', undefined, 'POST').answered).toBe(false);
  });

  it('answers a kept answer without a version for its credential alone (GET /api/users/me/)', async () => {
    const { lookups } = memory();
    const pages = new PrivatePages(lookups);
    await keepFor(
      pages,
      context(5, '/api/users/me/', [], undefined, 'header'),
      null,
      new Response('{"id":5}', { headers: { 'content-type': 'application/json; charset=utf-8' } }),
    );
    const { req, res, sent } = nodeRequest('/api/users/me/', { authorization: 'Token t5' });
    expect(pages.answerRequest(req, res)).toBe(true);
    expect(sent.body).toBe('{"id":5}');
    const other = nodeRequest('/api/users/me/', { authorization: 'Token t6' });
    expect(pages.answerRequest(other.req, other.res)).toBe(false);
  });
});

describe('known dashboard versions', () => {
  it('are forgotten on the bus tag, and a read that overlapped a forgetting is not learnt', () => {
    const versions = new KnownVersions();
    versions.learn(1, 5, versions.mark());
    versions.learn(2, 9, versions.mark());
    expect(versions.get(1)).toBe(5);
    versions.drop([tags.dashboard(1), 'page:/landing', 'user:2']);
    expect(versions.get(1)).toBeUndefined();
    expect(versions.get(2)).toBe(9);
    const mark = versions.mark();
    versions.forget(3);
    versions.learn(1, 6, mark);
    expect(versions.get(1), "another user's forgetting does not matter").toBe(6);
    versions.forget(1);
    versions.learn(1, 6, mark);
    expect(versions.get(1), 'read before its own forgetting').toBeUndefined();
    versions.learn(1, 7, versions.mark());
    expect(versions.get(1)).toBe(7);
    const beforeDrop = versions.mark();
    versions.drop(null);
    expect(versions.get(1)).toBeUndefined();
    expect(versions.get(2)).toBeUndefined();
    versions.learn(2, 9, beforeDrop);
    expect(versions.get(2), 'read before everything was dropped').toBeUndefined();
  });

  it('stay bounded: past their size, reads in flight are distrusted rather than a forgetting lost', () => {
    const versions = new KnownVersions(2);
    const mark = versions.mark();
    for (const id of [1, 2, 3]) versions.forget(id);
    versions.learn(4, 1, mark);
    expect(versions.get(4)).toBeUndefined();
    versions.learn(4, 1, versions.mark());
    expect(versions.get(4)).toBe(1);
  });
});

describe('the dashboard version', () => {
  let handle: DbHandle;
  // Every migration runs first: seconds on a machine busy with other suites.
  beforeAll(async () => {
    handle = await openDatabase({ pgliteDir: 'memory://' });
  }, 30_000);
  afterAll(() => handle.close());

  it('is announced on the cache bus at commit; PGlite hands it over before the write returns', async () => {
    const heard: string[] = [];
    await handle.listen('impulsa_page_cache', (payload) => heard.push(payload));
    const [ana] = await handle.db
      .insert(users)
      .values({ email: 'ana.bus@ejemplo.cl', fullName: 'Ana' })
      .returning({ id: users.id });
    await handle.db.transaction(async (tx) => {
      await tx.insert(canvases).values({ userId: ana!.id, title: 'Panadería' });
      expect(heard, 'not before commit').toEqual([]);
    });
    expect(heard.map((p) => JSON.parse(p))).toEqual([
      { from: 'database', tags: [tags.dashboard(ana!.id)] },
    ]);
    await handle.db.update(canvases).set({ title: 'Pan' }).where(eq(canvases.userId, ana!.id));
    expect(heard).toHaveLength(2);
  });

  it('is moved by a trigger, at commit, on insert, update and delete of every table the dashboard reads', async () => {
    const statement = handle.db
      .select(
        Object.fromEntries(
          Object.entries(await dashboardParts(1, 1, 20)).map(([k, p]) => [k, sql`(${p.sql})`]),
        ),
      )
      .from(sql`(select 1) as one`)
      .toSQL().sql;
    const read = new Set([...statement.matchAll(/from "(\w+)"/g)].map((m) => m[1]!));
    read.delete('dashboard_versions');
    expect(read.size).toBeGreaterThanOrEqual(8);
    const triggers: unknown = await handle.db.execute(sql`
      select c.relname as table, bool_or(t.tgtype & 4 <> 0) as inserts,
        bool_or(t.tgtype & 16 <> 0) as updates, bool_or(t.tgtype & 8 <> 0) as deletes,
        bool_and(t.tgdeferrable and t.tginitdeferred) as deferred
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
      where p.proname = 'dashboard_touch' group by c.relname`);
    const { rows } = triggers as {
      rows: {
        table: string;
        inserts: boolean;
        updates: boolean;
        deletes: boolean;
        deferred: boolean;
      }[];
    };
    const touched = new Map(rows.map(({ table, ...events }) => [table, events]));
    for (const table of read)
      expect(touched.get(table), table).toEqual({
        inserts: true,
        updates: true,
        deletes: true,
        deferred: true,
      });
  });
});
