/** Middleware called as Astro would: `onRequest(context, next)` with a fake context. */
import { describe, expect, it, vi } from 'vitest';
import { apiErrors, CLIENT_LEFT } from '@/middleware/api-errors';
import { resolveHost } from '@/middleware/resolve-host';
import { APP_CSP, ERROR_STATUS_HEADER, securityHeaders } from '@/middleware/security-headers';
import { HttpError } from '@/lib/server/http/errors';
import { DatabaseUnavailableError } from '@/lib/server/db/errors';
import { log } from '@/lib/server/log';

function fakeContext(url: string, init: RequestInit = {}) {
  const request = new Request(url, init);
  return {
    request,
    url: new URL(url),
    locals: { sitePath: null } as Record<string, unknown>,
  } as never;
}
const ok = () => Promise.resolve(new Response('ok'));

describe('securityHeaders', () => {
  it('adds CSP with frame-ancestors, nosniff and a referrer policy', async () => {
    const res = (await securityHeaders(fakeContext('http://localhost/landing'), ok)) as Response;
    expect(res.headers.get('Content-Security-Policy')).toBe(APP_CSP);
    expect(APP_CSP).toContain("frame-ancestors 'self'");
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('Strict-Transport-Security')).toBeNull();
  });

  it("applies the error page's own status, which Astro would otherwise force to 500", async () => {
    const errorPage = () =>
      Promise.resolve(
        new Response('<h1>503</h1>', {
          status: 500,
          headers: { [ERROR_STATUS_HEADER]: '503', 'Retry-After': '5' },
        }),
      );
    const res = (await securityHeaders(
      fakeContext('http://localhost/dashboard'),
      errorPage,
    )) as Response;
    expect(res.status).toBe(503);
    expect(res.headers.get(ERROR_STATUS_HEADER)).toBeNull();
    expect(res.headers.get('Retry-After')).toBe('5');
    expect(await res.text()).toBe('<h1>503</h1>');
  });

  it('adds HSTS over HTTPS', async () => {
    const res = (await securityHeaders(fakeContext('https://impulsa.cl/'), ok)) as Response;
    expect(res.headers.get('Strict-Transport-Security')).toContain('max-age=');
  });
});

describe('apiErrors', () => {
  it('leaves pages alone, even when they throw', async () => {
    await expect(
      apiErrors(fakeContext('http://localhost/landing'), () => Promise.reject(new Error('x'))),
    ).rejects.toThrow('x');
  });

  it('turns an HttpError into its JSON message', async () => {
    const res = (await apiErrors(fakeContext('http://localhost/api/x/'), () =>
      Promise.reject(new HttpError(409, 'Conflicto.', { errors: { version: ['Cambió.'] } })),
    )) as Response;
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: 'Conflicto.', errors: { version: ['Cambió.'] } });
  });

  it('hides unexpected errors behind a Spanish 500', async () => {
    const res = (await apiErrors(fakeContext('http://localhost/api/x/'), () =>
      Promise.reject(new Error('select * from users')),
    )) as Response;
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(JSON.stringify(body)).not.toContain('select');
    expect(body.message).toMatch(/error inesperado/);
  });

  it('answers 503 with Retry-After when the database is down', async () => {
    const res = (await apiErrors(fakeContext('http://localhost/api/x/'), () =>
      Promise.reject(new DatabaseUnavailableError()),
    )) as Response;
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBe('5');
  });

  it('logs no failure for a visitor who left while the body was read', async () => {
    const left = new AbortController();
    left.abort();
    const errors = vi.spyOn(log, 'error').mockImplementation(() => {});
    try {
      const aborted = Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
      const res = (await apiErrors(
        fakeContext('http://localhost/api/users/register/', {
          method: 'POST',
          signal: left.signal,
        }),
        () => Promise.reject(aborted),
      )) as Response;
      expect(res.status).toBe(CLIENT_LEFT);
      expect(errors).not.toHaveBeenCalled();
      // The same error while the visitor is still there is a failure, logged.
      await apiErrors(fakeContext('http://localhost/api/users/register/', { method: 'POST' }), () =>
        Promise.reject(aborted),
      );
      expect(errors).toHaveBeenCalledOnce();
    } finally {
      errors.mockRestore();
    }
  });

  it('refuses a declared body over 10 MB before the route runs', async () => {
    let ran = false;
    const res = (await apiErrors(
      fakeContext('http://localhost/api/x/', {
        method: 'POST',
        headers: { 'content-length': String(11 * 1024 * 1024) },
      }),
      () => ((ran = true), ok()),
    )) as Response;
    expect(res.status).toBe(413);
    expect(ran).toBe(false);
  });
});

describe('resolveHost', () => {
  /** Runs resolveHost; returns the locals it set and what it passed to `next` (a rewrite target, or nothing). */
  async function run(url: string) {
    const ctx = fakeContext(url) as unknown as {
      locals: Record<string, unknown>;
      rewrite: (to: string) => Promise<Response>;
    };
    let rewrittenTo: string | undefined;
    let nextCalledWith: unknown = 'not called';
    ctx.rewrite = async (to) => ((rewrittenTo = to), new Response('rewritten'));
    await resolveHost(ctx as never, (payload?: unknown) => ((nextCalledWith = payload), ok()));
    return { locals: ctx.locals, nextCalledWith, rewrittenTo };
  }

  it('lets main-domain requests through and records the site', async () => {
    const { locals, nextCalledWith } = await run('http://localhost:4321/dashboard');
    expect(nextCalledWith).toBeUndefined();
    expect(locals.site).toEqual({ kind: 'main', host: 'localhost' });
    expect(locals.sitePath).toBeNull();
  });

  it('rewrites a subdomain or custom host to the one site route, with its path inside the site', async () => {
    const sub = await run('http://tienda.impulsa.localhost:4321/shop/torta?x=1');
    expect(sub.nextCalledWith).toBe('/_site/shop/torta?x=1');
    expect(sub.locals.site).toEqual({
      kind: 'subdomain',
      host: 'tienda.impulsa.localhost',
      value: 'tienda',
    });
    expect(sub.locals.sitePath).toBe('/shop/torta');
    const custom = await run('http://www.panaderia.cl/');
    expect(custom.nextCalledWith).toBe('/_site/');
    expect(custom.locals.site).toEqual({
      kind: 'custom',
      host: 'www.panaderia.cl',
      value: 'www.panaderia.cl',
    });
  });

  it('answers image variants on a site host from the media route, still as the site (no session read)', async () => {
    const media = await run('http://tienda.impulsa.localhost:4321/media/abc.webp');
    expect(media.nextCalledWith).toBeUndefined();
    expect(media.locals.sitePath).toBe('/media/abc.webp');
    expect((await run('http://www.panaderia.cl/media/abc.webp')).nextCalledWith).toBeUndefined();
  });

  it('rewrites a preview link to the site route as the subdomain site it names', async () => {
    const home = await run('http://localhost:4321/page-builder/_render/Tienda');
    expect(home.nextCalledWith).toBe('/_site/');
    expect(home.locals.site).toEqual({
      kind: 'subdomain',
      host: 'localhost',
      value: 'tienda',
      preview: true,
    });
    const other = await run('http://localhost:4321/page-builder/_render/tienda/nosotros/');
    expect(other.locals.sitePath).toBe('/nosotros');
  });

  it('never serves the internal site route directly on the main domains', async () => {
    const { rewrittenTo, nextCalledWith } = await run('http://localhost:4321/_site/x');
    expect(rewrittenTo).toBe('/404');
    expect(nextCalledWith).toBe('not called');
  });
});
