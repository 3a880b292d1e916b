/** The route cache: the store, Astro's provider, the node:http fast path, and invalidation across instances. */
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CacheBus, type BusEvent } from '@/lib/server/cache/bus';
import { cacheKey, PageCache, pageCacheHooks } from '@/lib/server/cache/page-cache';
import { pageCacheProvider, requestCacheKey } from '@/lib/server/cache/provider';
import { parseTag, productTags, tags } from '@/lib/server/cache/tags';
import { openDatabase } from '@/lib/server/db/client';
import { answer, fakeContext } from '../../support/page-cache';
import { createTestDatabase, TEST_DATABASE_URL } from '../../support/postgres';

const isCacheable = (request: Request, url: URL) => requestCacheKey(request, url) !== null;
const page = (n: number) => ({
  status: 200,
  headers: [['content-type', 'text/html']] as [string, string][],
  body: new Uint8Array([n]),
});
const noSubscription = () => true;

/**
 * A response as Astro hands it to the provider after a page called
 * `Astro.cache.set({ tags, maxAge })` (core/cache/runtime/utils.js's `defaultSetHeaders`).
 */
function taggedPage(html: string, tagList: string[] = [], maxAge?: number) {
  const headers = new Headers({ 'Content-Type': 'text/html' });
  if (tagList.length) headers.set('Cache-Tag', tagList.join(', '));
  if (maxAge !== undefined) headers.set('CDN-Cache-Control', `max-age=${maxAge}`);
  return new Response(html, { headers });
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
    // A link shared with campaign parameters is the same page; any other parameter is not.
    expect(answer(cache, '/landing?utm_source=instagram&fbclid=Ab1')?.body?.[0]).toBe(7);
    expect(answer(cache, '/landing/?srsltid=AfmB')?.body?.[0]).toBe(7);
    expect(answer(cache, '/landing?utm_source=instagram&x=1')).toBeNull();
  });

  it('keys a page without campaign parameters, and its own parameters in name order', () => {
    const keyOf = (path: string) =>
      cacheKey({
        method: 'GET',
        host: 'Tienda.cl',
        path,
        cookie: undefined,
        authorization: undefined,
      });
    const before = pageCacheHooks.queryParams;
    pageCacheHooks.queryParams = ['q', 'pagina'];
    try {
      expect(keyOf('/shop/7?utm_source=ig&UTM_Medium=social&igsh=x')).toBe('tienda.cl/shop/7');
      expect(keyOf('/shop/7?gclid=1&')).toBe('tienda.cl/shop/7');
      expect(keyOf('/shop/?fbclid=1&q=caf%C3%A9+de+grano&pagina=2')).toBe(
        'tienda.cl/shop?pagina=2&q=caf%C3%A9+de+grano',
      );
      expect(keyOf('/shop?pagina=2&q=pan')).toBe(keyOf('/shop?q=pan&pagina=2'));
      // Not a page's own parameter, or names that only look like a campaign's: rendered anew.
      for (const path of ['/landing?ref=socio', '/landing?utm=1', '/landing?xfbclid=2'])
        expect(keyOf(path)).toBeNull();
      // A repeated name reads as its first value, so its order would matter; a long one is rare.
      expect(keyOf('/shop?q=a&q=b')).toBeNull();
      expect(keyOf(`/shop?q=${'a'.repeat(300)}`)).toBeNull();
    } finally {
      pageCacheHooks.queryParams = before;
    }
  });

  it('keeps a bounded number of pages with a query, dropping the oldest of them first', () => {
    const cache = new PageCache(8, Date.now, 2);
    cache.set('h/shop', page(1), []);
    for (const q of ['a', 'b', 'c']) cache.set(`h/shop?q=${q}`, page(2), []);
    expect(cache.get('h/shop?q=a')).toBeUndefined();
    expect(cache.get('h/shop?q=b')).toBeDefined();
    expect(cache.get('h/shop?q=c')).toBeDefined();
    expect(cache.get('h/shop')).toBeDefined();
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

describe('the route cache provider', () => {
  it('stores a tagged page once; later visits are hits; the provider headers never leave', async () => {
    const cache = new PageCache();
    const provider = pageCacheProvider(cache, noSubscription, async (t) => cache.dropTags(t));
    let renders = 0;
    const render = () =>
      Promise.resolve(taggedPage(`<h1>${++renders}</h1>`, [tags.page('/landing')], 3600));
    const first = await provider.onRequest!(fakeContext('http://localhost/landing'), render);
    expect(first.headers.get('X-Render-Cache')).toBe('miss');
    expect(first.headers.get('Vary')).toBe('Accept-Encoding');
    expect(first.headers.has('Cache-Tag')).toBe(false);
    expect(first.headers.has('CDN-Cache-Control')).toBe(false);
    expect(await first.text()).toBe('<h1>1</h1>');
    expect(new TextDecoder().decode(answer(cache, '/landing')?.body)).toBe('<h1>1</h1>');
    const second = await provider.onRequest!(fakeContext('http://localhost/landing/'), render);
    expect(second.headers.get('X-Render-Cache')).toBe('hit');
    expect(await second.text()).toBe('<h1>1</h1>');
    expect(renders).toBe(1);

    await provider.invalidate({ tags: [tags.page('/landing')] });
    expect(answer(cache, '/landing')).toBeNull();
    await provider.onRequest!(fakeContext('http://localhost/landing'), render);
    await provider.invalidate({ path: '/landing/' });
    expect(answer(cache, '/landing')).toBeNull();
  });

  it('an entry lives as long as the max-age the page set; max-age 0 keeps nothing', async () => {
    let now = 0;
    const cache = new PageCache(10, () => now);
    const provider = pageCacheProvider(cache, noSubscription);
    await provider.onRequest!(fakeContext('http://localhost/'), () =>
      Promise.resolve(taggedPage('<p>a</p>', [tags.page('/')], 60)),
    );
    now = 59_000;
    expect(answer(cache, '/')).not.toBeNull();
    now = 60_000;
    expect(answer(cache, '/')).toBeNull();
    await provider.onRequest!(fakeContext('http://localhost/login'), () =>
      Promise.resolve(taggedPage('<p>b</p>', [tags.page('/login')], 0)),
    );
    expect(cache.size).toBe(0);
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
    // A cart's token or count keeps a page cacheable: the count is part of the key.
    expect(isCacheable(new Request(url, { headers: { cookie: 'impulsa_carro_n=7-2' } }), url)).toBe(
      true,
    );
    expect(isCacheable(new Request(url, { headers: { authorization: 'Token x' } }), url)).toBe(
      false,
    );
    const withQuery = new URL('http://localhost/landing?source=contable.transbank');
    expect(isCacheable(new Request(withQuery), withQuery)).toBe(false);

    const cache = new PageCache();
    const provider = pageCacheProvider(cache, noSubscription);
    await provider.onRequest!(fakeContext('http://localhost/dashboard'), () =>
      Promise.resolve(taggedPage('<p>mi panel</p>')),
    );
    const personal = await provider.onRequest!(
      fakeContext('http://localhost/', { cookie: 'impulsa_session=x' }),
      () => Promise.resolve(taggedPage('<p>hola</p>', [tags.page('/')])),
    );
    expect(personal.headers.has('Cache-Tag')).toBe(false);
    const setsCookie = taggedPage('<p>x</p>', [tags.page('/')]);
    setsCookie.headers.set('Set-Cookie', 'a=1');
    await provider.onRequest!(fakeContext('http://localhost/'), () => Promise.resolve(setsCookie));
    expect(cache.size).toBe(0);
    const deaf = pageCacheProvider(cache, () => false);
    await deaf.onRequest!(fakeContext('http://localhost/'), () =>
      Promise.resolve(taggedPage('<p>y</p>', [tags.page('/')])),
    );
    expect(cache.size).toBe(0);
  });
});

describe('cache tags', () => {
  it('name the data a page shows, and the followers read theirs back', () => {
    expect(productTags({ id: 7, category: 3 }, 9)).toEqual(['product:7', 'store:9', 'category:3']);
    expect(productTags({ id: 7, category: null }, 9)).toEqual(['product:7', 'store:9']);
    expect(parseTag(tags.dashboard(12), 'dashboard')).toBe(12);
    expect(parseTag(tags.product(12), 'dashboard')).toBeUndefined();
    expect(parseTag('dashboard:x', 'dashboard')).toBeUndefined();
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

      // A revocation is its own event: the other instance's followers hear which users, and no page drops.
      const heard: BusEvent[] = [];
      buses[1].follow((event) => heard.push(event));
      await buses[0].usersChanged(5, 8);
      const until = Date.now() + 1000;
      while (heard.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      expect(heard).toEqual([{ kind: 'users', ids: [5, 8] }]);
      expect(caches[1].get('tienda.impulsa.cl/')).toBeDefined();
    } finally {
      await Promise.all([one.close(), two.close()]);
      await database.drop();
    }
  }, 30_000);
});
