/** Middleware called as Astro would: `onRequest(context, next)` with a fake context. */
import { describe, expect, it } from 'vitest';
import { apiErrors } from '../../src/lib/server/middleware/api-errors';
import { resolveHost } from '../../src/lib/server/middleware/resolve-host';
import { APP_CSP, ERROR_STATUS_HEADER, securityHeaders } from '../../src/lib/server/middleware/security-headers';
import { HttpError } from '../../src/lib/server/http/errors';
import { DatabaseUnavailableError } from '../../src/lib/server/db/errors';

function fakeContext(url: string, init: RequestInit = {}) {
  const request = new Request(url, init);
  return { request, url: new URL(url), locals: {} as Record<string, unknown> } as never;
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
    const errorPage = () => Promise.resolve(new Response('<h1>503</h1>', { status: 500, headers: { [ERROR_STATUS_HEADER]: '503', 'Retry-After': '5' } }));
    const res = (await securityHeaders(fakeContext('http://localhost/dashboard'), errorPage)) as Response;
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
    await expect(apiErrors(fakeContext('http://localhost/landing'), () => Promise.reject(new Error('x')))).rejects.toThrow('x');
  });

  it('turns an HttpError into its JSON message', async () => {
    const res = (await apiErrors(fakeContext('http://localhost/api/x/'), () =>
      Promise.reject(new HttpError(409, 'Conflicto.', { errors: { version: ['Cambió.'] } })),
    )) as Response;
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: 'Conflicto.', errors: { version: ['Cambió.'] } });
  });

  it('hides unexpected errors behind a Spanish 500', async () => {
    const res = (await apiErrors(fakeContext('http://localhost/api/x/'), () => Promise.reject(new Error('select * from users')))) as Response;
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(JSON.stringify(body)).not.toContain('select');
    expect(body.message).toMatch(/error inesperado/);
  });

  it('answers 503 with Retry-After when the database is down', async () => {
    const res = (await apiErrors(fakeContext('http://localhost/api/x/'), () => Promise.reject(new DatabaseUnavailableError()))) as Response;
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBe('5');
  });

  it('refuses a declared body over 10 MB before the route runs', async () => {
    let ran = false;
    const res = (await apiErrors(
      fakeContext('http://localhost/api/x/', { method: 'POST', headers: { 'content-length': String(11 * 1024 * 1024) } }),
      () => ((ran = true), ok()),
    )) as Response;
    expect(res.status).toBe(413);
    expect(ran).toBe(false);
  });
});

describe('resolveHost', () => {
  it('lets main-domain requests through and records the site', async () => {
    const ctx = fakeContext('http://localhost:4321/');
    const res = (await resolveHost(ctx, ok)) as Response;
    expect(await res.text()).toBe('ok');
    expect((ctx as unknown as { locals: { site: unknown } }).locals.site).toEqual({ kind: 'main', host: 'localhost' });
  });

  it('answers a host with no published site with 404', async () => {
    const res = (await resolveHost(fakeContext('http://desconocido.example/'), ok)) as Response;
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Sitio no encontrado');
  });
});
