/** The guard over HTTP: intended route saved and consumed, quick start, error page when the database is down. */
import { describe, expect, inject, it } from 'vitest';
import { ApiClient } from '../support/http';

const servers = inject('servers');

async function page(url: string, path: string, cookie = '', token?: string) {
  const res = await fetch(url + path, { redirect: 'manual', headers: { Cookie: cookie, ...(token ? { Authorization: `Token ${token}` } : {}) } });
  return { status: res.status, location: res.headers.get('location'), setCookies: res.headers.getSetCookie() };
}

describe.each(servers)('guard on $kind', ({ url }) => {
  it('signed out: a guarded page saves the intended route (HttpOnly) and goes to /login', async () => {
    const res = await page(url, '/productos?page=2');
    expect(res.status).toBe(302);
    expect(new URL(res.location!, url).pathname).toBe('/login');
    const intended = res.setCookies.find((c) => c.startsWith('impulsa_intended='))!;
    expect(decodeURIComponent(intended.split(';')[0]!.slice('impulsa_intended='.length))).toBe('/productos?page=2');
    expect(intended).toMatch(/HttpOnly/i);
  });

  it('signed out with a quick start pending: goes to /registrate', async () => {
    const res = await page(url, '/modelo-de-negocio/spa', 'impulsa_quickstart=1');
    expect(new URL(res.location!, url).pathname).toBe('/registrate');
  });

  it('signed in: the intended route is consumed once; public auth routes go to /dashboard', async () => {
    const { token } = await new ApiClient(url).register();
    const first = await page(url, '/dashboard', 'impulsa_intended=%2Fperfil', token);
    expect(first.status).toBe(302);
    expect(new URL(first.location!, url).pathname).toBe('/perfil');
    expect(first.setCookies.some((c) => c.startsWith('impulsa_intended=') && /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c))).toBe(true);
    expect((await page(url, '/perfil', '', token)).status).toBe(200);
    const login = await page(url, '/login', '', token);
    expect(new URL(login.location!, url).pathname).toBe('/dashboard');
  });

  it('an evil intended route never leaves the app', async () => {
    const { token } = await new ApiClient(url).register();
    for (const evil of ['%2F%2Fevil.com', '%2F%5Cevil.com', 'javascript%3Aalert(1)', 'https%3A%2F%2Fevil.com']) {
      const res = await page(url, '/dashboard', `impulsa_intended=${evil}`, token);
      expect(res.status).toBe(200);
    }
  });

  it('public pages and assets need no account', async () => {
    for (const path of ['/', '/landing', '/login', '/registrate', '/login/forgot-password', '/login/reset-password', '/login/oauth-success', '/favicon.svg']) {
      expect((await page(url, path)).status, path).toBe(200);
    }
  });
});
