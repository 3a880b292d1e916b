/** The guard over HTTP: intended route saved and consumed, quick start, error page when the database is down. */
import { describe, expect, it } from 'vitest';
import { ApiClient, getWithHost } from '../../support/http';
import { claimServers } from '../../support/claims';

const servers = claimServers();

async function page(url: string, path: string, cookie = '', token?: string) {
  const res = await fetch(url + path, {
    redirect: 'manual',
    headers: { Cookie: cookie, ...(token ? { Authorization: `Token ${token}` } : {}) },
  });
  return {
    status: res.status,
    location: res.headers.get('location'),
    setCookies: res.headers.getSetCookie(),
  };
}

describe.each(servers)('guard on $kind', ({ url }) => {
  it('signed out: a guarded page saves the intended route (HttpOnly) and goes to /login', async () => {
    const res = await page(url, '/canvas?page=2');
    expect(res.status).toBe(302);
    expect(new URL(res.location!, url).pathname).toBe('/login');
    const intended = res.setCookies.find((c) => c.startsWith('impulsa_intended='))!;
    expect(decodeURIComponent(intended.split(';')[0]!.slice('impulsa_intended='.length))).toBe(
      '/canvas?page=2',
    );
    expect(intended).toMatch(/HttpOnly/i);
  });

  it('signed out with a quick start pending: to /registrate; a cookie without a company is none', async () => {
    const pending = encodeURIComponent(
      JSON.stringify({ name: 'Panadería Las Rosas', type: 'spa' }),
    );
    const res = await page(url, '/modelo-de-negocio/spa', `impulsa_quickstart=${pending}`);
    expect(new URL(res.location!, url).pathname).toBe('/registrate');
    for (const junk of [
      '1',
      '%7B',
      encodeURIComponent(JSON.stringify({ name: ' ', type: 'spa' })),
      encodeURIComponent(JSON.stringify({ name: 'x', type: 'sa' })),
    ]) {
      const other = await page(url, '/modelo-de-negocio/spa', `impulsa_quickstart=${junk}`);
      expect(new URL(other.location!, url).pathname).toBe('/login');
    }
  });

  it('signed in: the intended route is consumed once; public auth routes go to /dashboard', async () => {
    const { token } = await new ApiClient(url).register();
    const first = await page(url, '/dashboard', 'impulsa_intended=%2Fperfil', token);
    expect(first.status).toBe(302);
    expect(new URL(first.location!, url).pathname).toBe('/perfil');
    expect(
      first.setCookies.some(
        (c) => c.startsWith('impulsa_intended=') && /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c),
      ),
    ).toBe(true);
    expect((await page(url, '/perfil', '', token)).status).toBe(200);
    const login = await page(url, '/login', '', token);
    expect(new URL(login.location!, url).pathname).toBe('/dashboard');
  });

  it('an evil intended route never leaves the app', async () => {
    const { token } = await new ApiClient(url).register();
    for (const evil of [
      '%2F%2Fevil.com',
      '%2F%5Cevil.com',
      'javascript%3Aalert(1)',
      'https%3A%2F%2Fevil.com',
    ]) {
      const res = await page(url, '/dashboard', `impulsa_intended=${evil}`, token);
      expect(res.status).toBe(200);
    }
  });

  it('public pages and assets need no account', async () => {
    for (const path of [
      '/',
      '/landing',
      '/login',
      '/registrate',
      '/login/forgot-password',
      '/login/reset-password',
      '/login/oauth-success',
      '/favicon.svg',
    ]) {
      expect((await page(url, path)).status, path).toBe(200);
    }
  });

  it('Astro says which pages exist: a page is saved as the intended route, an unknown path is not', async () => {
    for (const path of [
      '/perfil',
      '/canvas/iniciar',
      '/canvas/12/seccion/canales',
      '/modelo-de-negocio/spa/03-giro',
      '/modelo-de-negocio/eirl/chat',
      '/dashboard/formalizacion/7',
    ]) {
      const res = await page(url, path);
      expect(new URL(res.location!, url).pathname, path).toBe('/login');
      expect(
        res.setCookies.some((c) => c.startsWith('impulsa_intended=')),
        path,
      ).toBe(true);
    }
    for (const path of [
      '/nada',
      '/canvas/12/seccion/no-existe',
      '/modelo-de-negocio/sa',
      '/modelo-de-negocio/eirl/06-explotar-giro',
      '/perfil/otra',
    ]) {
      const res = await page(url, path);
      expect(new URL(res.location!, url).pathname, path).toBe('/login');
      expect(
        res.setCookies.some((c) => c.startsWith('impulsa_intended=')),
        path,
      ).toBe(false);
    }
  });

  it('a site host never reaches the app: its pages, the API and the internal site route are 404', async () => {
    const { token } = await new ApiClient(url).register();
    const cookie = `impulsa_session=${token}`;
    for (const host of [
      'tienda.localhost',
      'tienda.impulsa.localhost:4321',
      'www.panaderia-rosa.cl',
    ]) {
      for (const path of [
        '/',
        '/shop',
        '/dashboard',
        '/login',
        '/api/users/me/',
        '/api/_auth/session',
        '/_site/x',
      ]) {
        const res = await getWithHost(url, host, path, { Cookie: cookie });
        expect(res.status, `${host}${path}`).toBe(404);
        expect(res.body, `${host}${path}`).toContain('Sitio no encontrado');
        expect(res.body).toContain('noindex');
        expect(res.body).not.toContain('<script');
        expect(res.headers['set-cookie'], `${host}${path}`).toBeUndefined();
      }
    }
  });

  it('a preview link renders the site route; the internal route is not reachable on the main domain', async () => {
    const preview = await fetch(`${url}/page-builder/_render/tienda`);
    expect(preview.status).toBe(404);
    expect(await preview.text()).toContain('Sitio no encontrado');
    const internal = await fetch(`${url}/_site/x`);
    expect(internal.status).toBe(404);
    expect(await internal.text()).toContain('Page Not Found: /_site/x');
  });

  it('/api/_auth/session is served at that path only', async () => {
    expect((await fetch(`${url}/api/_auth/session`)).status).toBe(200);
    expect((await fetch(`${url}/api/_otro/session`)).status).toBe(404);
    expect(
      (await fetch(`${url}/api/_auth/session`, { method: 'PUT', headers: { Origin: url } })).status,
    ).toBe(405);
  });
});
