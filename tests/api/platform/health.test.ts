import { describe, expect, it } from 'vitest';
import { ApiClient, getWithHost } from '../../support/http';
import { claimServers } from '../../support/claims';

/** GET with an explicit Host header (fetch does not let tests set one). */
const servers = claimServers({ bothEngines: true });

describe.each(servers)('on $kind', ({ kind, url }) => {
  it('GET /api/health/ reports the database', async () => {
    for (const path of ['/api/health/', '/api/health']) {
      const res = await fetch(url + path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await res.json()).toEqual({ status: 'ok', database: kind });
    }
  });

  it('an unknown API path is a JSON 404', async () => {
    const res = await fetch(`${url}/api/no-existe/`, { method: 'POST' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'No existe el recurso /api/no-existe/.' });
  });

  it('an unknown page: signed out goes to /login; signed in renders the error page with 404 and the path', async () => {
    const signedOut = await fetch(`${url}/esto/no-existe`, { redirect: 'manual' });
    expect(signedOut.status).toBe(302);
    expect(new URL(signedOut.headers.get('location')!, url).pathname).toBe('/login');

    const { token } = await new ApiClient(url).register();
    const res = await fetch(`${url}/esto/no-existe`, {
      headers: { Authorization: `Token ${token}` },
    });
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('Page Not Found: /esto/no-existe<');
    expect(html).toContain('>404<');
    expect(html).not.toMatch(/at \w+ \(|node_modules/);
    const single = await fetch(`${url}/nope`, { headers: { Authorization: `Token ${token}` } });
    expect(await single.text()).toContain('Page Not Found: /nope<');
  });

  it('every response carries the security headers', async () => {
    for (const path of ['/', '/landing', '/api/health/', '/nada', '/perfil']) {
      const res = await fetch(url + path);
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBeTruthy();
    }
  });

  it('public pages have a title, a description and Open Graph', async () => {
    for (const [path, title] of [
      ['/', '<title>Impulsa</title>'],
      ['/landing', '<title>Cómo funciona · Impulsa</title>'],
    ] as const) {
      const html = await (await fetch(url + path)).text();
      expect(html).toContain(title);
      expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
      expect(html).toMatch(/<meta property="og:title" content="[^"]+"/);
      expect(html).toMatch(/<meta property="og:description" content="[^"]+"/);
      expect(html).toContain('<html lang="es-CL">');
    }
  });

  it('/landing is rendered once and then served from the render cache to anonymous visitors', async () => {
    await fetch(`${url}/landing`);
    const again = await fetch(`${url}/landing`);
    expect(again.headers.get('x-render-cache')).toBe('hit');
    expect(again.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    const { token } = await new ApiClient(url).register();
    const personal = await fetch(`${url}/landing`, {
      headers: { Authorization: `Token ${token}` },
    });
    expect(personal.headers.get('x-render-cache')).toBeNull();
    expect(await personal.text()).toContain('Ir a mi panel');
  });

  it('/landing ships zero JavaScript', async () => {
    const html = await (await fetch(`${url}/landing`)).text();
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('astro-island');
  });

  it('a tenant host with no site gets a 404', async () => {
    expect((await getWithHost(url, 'nadie.impulsa.localhost', '/')).status).toBe(404);
    expect((await getWithHost(url, 'www.otro-dominio.cl', '/')).status).toBe(404);
    expect((await getWithHost(url, 'localhost', '/api/health/')).status).toBe(200);
  });
});
