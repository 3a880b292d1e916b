import { describe, expect, it } from 'vitest';
import { PageCache } from '../../src/lib/server/cache/page-cache';
import { renderCacheWith, requestCacheKey } from '../../src/lib/server/middleware/render-cache';

const isCacheable = (request: Request, url: URL) => requestCacheKey(request, url) !== null;

function fakeContext(url: string, headers: Record<string, string> = {}) {
  const request = new Request(url, { headers });
  return { request, url: new URL(url), locals: {} } as never;
}

describe('PageCache', () => {
  it('keeps the most recently used pages and drops by prefix', () => {
    const cache = new PageCache(2);
    const page = (n: number) => ({ status: 200, headers: [], body: new Uint8Array([n]) });
    cache.set('a.cl/', page(1));
    cache.set('a.cl/landing', page(2));
    cache.get('a.cl/');
    cache.set('b.cl/', page(3));
    expect(cache.get('a.cl/landing')).toBeUndefined();
    expect(cache.get('a.cl/')?.body[0]).toBe(1);
    cache.invalidate('b.cl');
    expect(cache.get('b.cl/')).toBeUndefined();
    expect(cache.size).toBe(1);
  });
});

describe('renderCache middleware', () => {
  it('renders once, then serves anonymous visitors from memory', async () => {
    const cache = new PageCache();
    const middleware = renderCacheWith(cache);
    let renders = 0;
    const render = () => Promise.resolve(new Response(`<h1>${++renders}</h1>`, { headers: { 'Content-Type': 'text/html' } }));
    const first = (await middleware(fakeContext('http://localhost/landing'), render)) as Response;
    const second = (await middleware(fakeContext('http://localhost/landing/'), render)) as Response;
    expect(first.headers.get('X-Render-Cache')).toBe('miss');
    expect(second.headers.get('X-Render-Cache')).toBe('hit');
    expect(await second.text()).toBe('<h1>1</h1>');
    expect(renders).toBe(1);
  });

  it('never caches for a session, a pending toast, a token, a query string, other pages or responses that set cookies', async () => {
    const url = new URL('http://localhost/landing');
    expect(isCacheable(new Request(url), url)).toBe(true);
    expect(isCacheable(new Request(url, { headers: { cookie: 'a=1; impulsa_session=x' } }), url)).toBe(false);
    expect(isCacheable(new Request(url, { headers: { cookie: 'impulsa_flash=%7B%7D' } }), url)).toBe(false);
    expect(isCacheable(new Request(url, { headers: { authorization: 'Token x' } }), url)).toBe(false);
    const withQuery = new URL('http://localhost/landing?source=contable.transbank');
    expect(isCacheable(new Request(withQuery), withQuery)).toBe(false);
    const other = new URL('http://localhost/dashboard');
    expect(isCacheable(new Request(other), other)).toBe(false);

    const cache = new PageCache();
    const setsCookie = () => Promise.resolve(new Response('<p>x</p>', { headers: { 'Content-Type': 'text/html', 'Set-Cookie': 'a=1' } }));
    await renderCacheWith(cache)(fakeContext('http://localhost/'), setsCookie);
    expect(cache.size).toBe(0);
  });
});
