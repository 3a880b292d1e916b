/** Health while the PostgreSQL server is unreachable, and recovery without a restart. */
import http from 'node:http';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_TIMEOUTS } from '@/lib/server/db/client';
import { ApiClient } from '../../support/http';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../../support/postgres';
import { startServer, type RunningServer } from '../../support/server';
import { startTcpProxy, type TcpProxy } from '../../support/tcp-proxy';
import { openShop, SELLER_IDENTITY } from '../../support/shop';

describe.skipIf(!TEST_DATABASE_URL)('database down', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let server: RunningServer;

  beforeAll(async () => {
    database = await createTestDatabase();
    const target = new URL(database.url);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const viaProxy = new URL(database.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    server = await startServer({ DATABASE_URL: viaProxy.href, TRUST_PROXY: '1' });
  });

  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await database?.drop();
  });

  it('answers 503 with a JSON message while down, then recovers', async () => {
    expect((await fetch(`${server.url}/api/health/`)).status).toBe(200);
    const { token } = await new ApiClient(server.url).register();

    await proxy.cut();
    const down = await fetch(`${server.url}/api/health/`);
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('5');
    expect((await down.json()).message).toMatch(/base de datos no está disponible/);
    // The app itself keeps serving pages that need no database.
    expect((await fetch(`${server.url}/landing`)).status).toBe(200);
    // A page that needs it renders the error page: status, status message, description.
    const page = await fetch(`${server.url}/dashboard`, {
      headers: { Authorization: `Token ${token}` },
    });
    const html = await page.text();
    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).toBe('5');
    expect(html).toContain('data-testid="error-status">503<');
    expect(html).toContain('Internal Server Error');
    expect(html).toMatch(/base de datos no está disponible/);
    expect(html).not.toMatch(/ECONNREFUSED|node_modules|at \w+ \(/);
    const api = await fetch(`${server.url}/api/users/me/`, {
      headers: { Authorization: `Token ${token}` },
    });
    expect(api.status).toBe(503);

    await proxy.restore();
    // Full service, not only the health check, within 3 s of the database's return.
    expect(await msUntilServed(token)).toBeLessThanOrEqual(3000);
  });

  /** From now until the API and a signed-in page both answer 200 again, in ms (20 s at most). */
  async function msUntilServed(token: string): Promise<number> {
    const started = Date.now();
    const auth = { headers: { Authorization: `Token ${token}` } };
    while (Date.now() - started < 20_000) {
      const [api, page] = await Promise.all([
        fetch(`${server.url}/api/users/me/`, auth),
        fetch(`${server.url}/dashboard`, auth),
      ]);
      if (api.status === 200 && page.status === 200) return Date.now() - started;
      await new Promise((r) => setTimeout(r, 100));
    }
    return Infinity;
  }

  /** A site's page on its own host (fetch will not send a Host of our choosing), and how long it took. */
  function visitSite(host: string, path: string) {
    const started = Date.now();
    return new Promise<{ status: number; body: string; ms: number }>((resolve, reject) => {
      http
        .get(`${server.url}${path}`, { headers: { Host: host } }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode!, body, ms: Date.now() - started }));
        })
        .on('error', reject);
    });
  }

  /** A request and how long it took. */
  async function timed(path: string, headers: Record<string, string> = {}) {
    const started = Date.now();
    const res = await fetch(`${server.url}${path}`, { headers, redirect: 'manual' });
    const body = await res.text();
    return {
      status: res.status,
      location: res.headers.get('location'),
      body,
      ms: Date.now() - started,
    };
  }

  it('a hung database gets a 503 within 3 s; signed-in pages show the error page, never /login', async () => {
    const api = new ApiClient(server.url);
    const { token } = await api.register();
    // The session cookie, as a browser holds it.
    const login = await fetch(`${server.url}/api/users/login/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url },
      body: JSON.stringify({
        email: (await api.get('/api/users/me/', { token })).body.email,
        password: 'una-clave-segura',
      }),
    });
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith('impulsa_session='))!
      .split(';')[0]!;

    // A published site, visited on its subdomain during the outage.
    const subdomain = `caida${Date.now().toString(36)}`;
    const site = await api.post(
      '/api/sites/',
      { name: 'Panadería Caída', subdomain, template: 'tienda' },
      { token },
    );
    expect(
      (await api.post(`/api/sites/${site.body.id}/publish/`, undefined, { token })).status,
    ).toBe(200);

    proxy.freeze();
    // The last answer of the database is trusted for `healthyForMs` (answers kept in memory, the
    // credential cache included, are given meanwhile): the outage shows once that has passed.
    await new Promise((r) => setTimeout(r, DB_TIMEOUTS.healthyForMs + 100));
    try {
      const apiCall = await timed('/api/users/me/', { Authorization: `Token ${token}` });
      expect(apiCall.status).toBe(503);
      expect(apiCall.ms).toBeLessThanOrEqual(3000);
      expect(JSON.parse(apiCall.body).message).toMatch(/base de datos no está disponible/);
      const dashboard = await timed('/dashboard', { Cookie: cookie });
      expect(dashboard.status).toBe(503);
      expect(dashboard.location).toBeNull();
      expect(dashboard.ms).toBeLessThanOrEqual(3000);
      expect(dashboard.body).toContain('data-testid="error-status">503<');
      const health = await timed('/api/health/');
      expect(health.status).toBe(503);
      expect(health.ms).toBeLessThanOrEqual(3000);
      // A site's visitor gets a plain 503 of the site's own, never the app's page, as fast.
      const visit = await visitSite(`${subdomain}.localhost`, '/?visita=1');
      expect(visit.status).toBe(503);
      expect(visit.ms).toBeLessThanOrEqual(3000);
      expect(visit.body).toContain('no está disponible');
      expect(visit.body).not.toContain('Impulsa');
      expect(visit.body).not.toMatch(/<script/);
      // Pages that need no database are unaffected.
      expect((await timed('/landing')).status).toBe(200);
    } finally {
      await proxy.restore();
    }
    expect(await msUntilServed(token)).toBeLessThanOrEqual(3000);
  }, 30_000);

  it('a write in flight when the database freezes is a 503 within 3 s, and is not applied later', async () => {
    const api = new ApiClient(server.url);
    const { token } = await api.register();
    const store = await api.patch(
      '/api/store/',
      { ...SELLER_IDENTITY, name: 'Antes', version: 0 },
      { token },
    );
    expect(store.status).toBe(200);
    // Frozen while the last health check is still trusted: the write goes to the database.
    proxy.freeze();
    const started = Date.now();
    const write = await api.patch(
      '/api/store/',
      { name: 'Durante', version: store.body.version },
      { token },
    );
    const ms = Date.now() - started;
    await proxy.restore();
    expect(write.status).toBe(503);
    expect(ms).toBeLessThanOrEqual(3000);
    expect(await msUntilServed(token)).toBeLessThanOrEqual(3000);
    await new Promise((r) => setTimeout(r, 1000));
    expect((await api.get('/api/store/', { token })).body.name).toBe('Antes');
  }, 30_000);

  it('busy is not away: an order waits 4 s on a product row another transaction holds, then is placed', async () => {
    const api = new ApiClient(server.url);
    const { token } = await api.register();
    const { product } = await openShop(api, token, { product: { stock: 5 } });
    const sql = postgres(database.url, { max: 1, onnotice: () => {} });
    try {
      let locked!: () => void;
      const held = new Promise<void>((r) => (locked = r));
      const holding = sql.begin(async (tx) => {
        await tx`select id from products where id = ${product.id} for update`;
        locked();
        await tx`select pg_sleep(4)`;
      });
      await held;
      const started = Date.now();
      const placed = await api.post('/api/orders/', {
        items: [{ product: product.id, quantity: 1 }],
        buyer: { name: 'Camila Soto', email: 'camila@example.cl', phone: '9 8765 4321' },
        delivery: { method: 'retiro' },
        payment_method: 'transferencia',
      });
      await holding;
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      expect(Date.now() - started).toBeGreaterThan(DB_TIMEOUTS.queryMs);
    } finally {
      await sql.end();
    }
  }, 30_000);
});
