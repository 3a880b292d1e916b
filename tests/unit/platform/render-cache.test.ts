/** The render cache: tags, the fill-only middleware, the node:http fast path, and invalidation across instances. */
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CACHE_TAGS_HEADER, CacheBus, PageCache, cacheTags } from '@/lib/server/cache/page-cache';
import { openDatabase } from '@/lib/server/db/client';
import { renderCacheWith, requestCacheKey } from '@/lib/server/middleware/render-cache';
import { createTestDatabase, TEST_DATABASE_URL } from '../../support/postgres';

const isCacheable = (request: Request, url: URL) => requestCacheKey(request, url) !== null;
const page = (n: number) => ({
  status: 200,
  headers: [['content-type', 'text/html']] as [string, string][],
  body: new Uint8Array([n]),
});
const noSubscription = () => true;

function fakeContext(url: string, headers: Record<string, string> = {}) {
  const request = new Request(url, { headers });
  return { request, url: new URL(url), locals: {} } as never;
}

/** A response as a page that declared its cache tags renders it. */
function taggedPage(html: string, ...tags: string[]) {
  const headers = new Headers({ 'Content-Type': 'text/html' });
  if (tags.length) cacheTags(headers, ...tags);
  return new Response(html, { headers });
}

/** Calls `answer` with a fake node:http pair; returns what was written, or null when it passed. */
function answer(cache: PageCache, url: string, headers: Record<string, string> = {}) {
  const req = {
    method: 'GET',
    url,
    headers: { host: 'localhost', ...headers },
  } as unknown as IncomingMessage;
  const written: { status?: number; headers?: string[]; body?: Uint8Array } = {};
  const res = Object.assign(new EventEmitter(), {
    writeHead: (status: number, raw: string[]) => Object.assign(written, { status, headers: raw }),
    end: (body: Uint8Array) => Object.assign(written, { body }),
  }) as unknown as ServerResponse;
  return cache.answer(req, res) ? written : null;
}

describe('PageCache', () => {
  it('keeps the most recently used pages and drops by tag', () => {
    const cache = new PageCache(2);
    cache.set('a.cl/', page(1), ['page:/']);
    cache.set('a.cl/shop/7', page(2), ['product:7', 'store:3']);
    cache.get('a.cl/');
    cache.set('b.cl/', page(3), ['site:42']);
    expect(cache.get('a.cl/shop/7')).toBeUndefined();
    expect(cache.get('a.cl/')?.body[0]).toBe(1);
    cache.dropTags(['site:42']);
    expect(cache.get('b.cl/')).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it('one tag drops every page that shows that data, and only those', () => {
    const cache = new PageCache();
    cache.set('a.cl/shop/7', page(1), ['product:7', 'store:3']);
    cache.set('a.cl/shop/8', page(2), ['product:8', 'store:3']);
    cache.set('a.cl/', page(3), ['page:/']);
    cache.dropTags(['product:7']);
    expect(cache.get('a.cl/shop/7')).toBeUndefined();
    expect(cache.get('a.cl/shop/8')).toBeDefined();
    cache.dropTags(['store:3']);
    expect(cache.size).toBe(1);
  });

  it('answers a node:http hit with the stored headers, and passes anything personal on', () => {
    const cache = new PageCache();
    cache.set('localhost/landing', page(7), ['page:/landing']);
    const hit = answer(cache, '/landing/');
    expect(hit?.status).toBe(200);
    expect(hit?.headers).toEqual([
      'content-type',
      'text/html',
      'Content-Length',
      '1',
      'X-Render-Cache',
      'hit',
    ]);
    expect(hit?.body?.[0]).toBe(7);
    expect(answer(cache, '/landing', { cookie: 'impulsa_session=x' })).toBeNull();
    expect(answer(cache, '/landing?x=1')).toBeNull();
    expect(answer(cache, '/otra')).toBeNull();
  });

  it('answers in brotli or gzip when the browser takes it, the same page once decoded; small pages as they are', () => {
    const cache = new PageCache();
    const html = `<!doctype html><title>Impulsa</title>${'<p>Tu empresa, formada y vendiendo.</p>'.repeat(100)}`;
    cache.set(
      'localhost/',
      {
        status: 200,
        headers: [
          ['content-type', 'text/html'],
          ['vary', 'Accept-Encoding'],
        ],
        body: new TextEncoder().encode(html),
      },
      ['page:/'],
    );
    const header = (hit: ReturnType<typeof answer>, name: string) => {
      const at =
        hit?.headers?.findIndex((h, i) => i % 2 === 0 && h.toLowerCase() === name.toLowerCase()) ??
        -1;
      return at === -1 ? undefined : hit!.headers![at + 1];
    };

    const br = answer(cache, '/', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(header(br, 'Content-Encoding')).toBe('br');
    expect(Number(header(br, 'Content-Length'))).toBe(br?.body?.byteLength);
    expect(br!.body!.byteLength).toBeLessThan(html.length / 5);
    expect(zlib.brotliDecompressSync(br!.body!).toString()).toBe(html);
    expect(header(br, 'vary')).toBe('Accept-Encoding');

    const gzip = answer(cache, '/', { 'accept-encoding': 'gzip' });
    expect(header(gzip, 'Content-Encoding')).toBe('gzip');
    expect(zlib.gunzipSync(gzip!.body!).toString()).toBe(html);
    // The same bytes on the next hit: compressed once.
    expect(answer(cache, '/', { 'accept-encoding': 'gzip' })?.body).toBe(gzip?.body);

    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = answer(cache, '/', accept ? { 'accept-encoding': accept } : {});
      expect(header(plain, 'Content-Encoding')).toBeUndefined();
      expect(new TextDecoder().decode(plain?.body)).toBe(html);
    }

    cache.set('localhost/corta', page(7), ['page:/corta']);
    expect(
      header(answer(cache, '/corta', { 'accept-encoding': 'br' }), 'Content-Encoding'),
    ).toBeUndefined();
  });
});

describe('renderCache middleware', () => {
  it('stores a tagged page once; the fast path answers later visits; the tags header never leaves', async () => {
    const cache = new PageCache();
    const middleware = renderCacheWith(cache, noSubscription);
    let renders = 0;
    const render = () => Promise.resolve(taggedPage(`<h1>${++renders}</h1>`, 'page:/landing'));
    const first = (await middleware(fakeContext('http://localhost/landing'), render)) as Response;
    expect(first.headers.get('X-Render-Cache')).toBe('miss');
    expect(first.headers.get('Vary')).toBe('Accept-Encoding');
    expect(first.headers.has(CACHE_TAGS_HEADER)).toBe(false);
    expect(await first.text()).toBe('<h1>1</h1>');
    expect(new TextDecoder().decode(answer(cache, '/landing')?.body)).toBe('<h1>1</h1>');
    cache.dropTags(['page:/landing']);
    expect(answer(cache, '/landing')).toBeNull();
  });

  it('never stores an untagged page, a personal request, or a response that sets a cookie', async () => {
    const url = new URL('http://localhost/landing');
    expect(isCacheable(new Request(url), url)).toBe(true);
    expect(
      isCacheable(new Request(url, { headers: { cookie: 'a=1; impulsa_session=x' } }), url),
    ).toBe(false);
    expect(
      isCacheable(new Request(url, { headers: { cookie: '__Host-impulsa_session=x' } }), url),
    ).toBe(false);
    expect(
      isCacheable(new Request(url, { headers: { cookie: 'impulsa_flash=%7B%7D' } }), url),
    ).toBe(false);
    expect(isCacheable(new Request(url, { headers: { authorization: 'Token x' } }), url)).toBe(
      false,
    );
    const withQuery = new URL('http://localhost/landing?source=contable.transbank');
    expect(isCacheable(new Request(withQuery), withQuery)).toBe(false);

    const cache = new PageCache();
    const middleware = renderCacheWith(cache, noSubscription);
    await middleware(fakeContext('http://localhost/dashboard'), () =>
      Promise.resolve(taggedPage('<p>mi panel</p>')),
    );
    const personal = (await middleware(
      fakeContext('http://localhost/', { cookie: 'impulsa_session=x' }),
      () => Promise.resolve(taggedPage('<p>hola</p>', 'page:/')),
    )) as Response;
    expect(personal.headers.has(CACHE_TAGS_HEADER)).toBe(false);
    const setsCookie = taggedPage('<p>x</p>', 'page:/');
    setsCookie.headers.set('Set-Cookie', 'a=1');
    await middleware(fakeContext('http://localhost/'), () => Promise.resolve(setsCookie));
    expect(cache.size).toBe(0);
  });
});

describe.skipIf(!TEST_DATABASE_URL)('invalidation across instances sharing PostgreSQL', () => {
  it('an invalidation through one instance reaches the other within a second', async () => {
    const database = await createTestDatabase();
    const [one, two] = await Promise.all([
      openDatabase({ databaseUrl: database.url }),
      openDatabase({ databaseUrl: database.url, migrate: false }),
    ]);
    try {
      const caches = [new PageCache(), new PageCache()] as const;
      const buses = [
        new CacheBus(caches[0], async () => one),
        new CacheBus(caches[1], async () => two),
      ] as const;
      await Promise.all(buses.map((b) => b.subscribe()));
      expect(buses.every((b) => b.isListening())).toBe(true);
      for (const cache of caches) {
        cache.set('tienda.impulsa.cl/shop/7', page(1), ['product:7']);
        cache.set('tienda.impulsa.cl/', page(2), ['site:42']);
      }
      await buses[0].invalidate('product:7');
      expect(caches[0].get('tienda.impulsa.cl/shop/7')).toBeUndefined();
      const deadline = Date.now() + 1000;
      while (caches[1].get('tienda.impulsa.cl/shop/7') && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      expect(caches[1].get('tienda.impulsa.cl/shop/7')).toBeUndefined();
      expect(caches[1].get('tienda.impulsa.cl/')).toBeDefined();
    } finally {
      await Promise.all([one.close(), two.close()]);
      await database.drop();
    }
  }, 30_000);
});
