/**
 * The deployment of docs/deploy.md, on loopback: PostgreSQL, two app instances, and Caddy with
 * `deploy/Caddyfile` as shipped, its certificates from Caddy's own CA instead of Let's Encrypt.
 * A verified custom domain gets a certificate for exactly its name and serves the site over
 * HTTPS; an unverified one gets none; cookies and HSTS are those of HTTPS; a buyer's cart works on
 * a site's host through the proxy; one instance's edit shows through the other within a second;
 * killing an instance loses no request.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDebianPackage } from '../../scripts/debian.mjs';
import { setTxt, startDns, type LocalDns } from '../support/dns';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../support/postgres';
import { startSmtp, type TestSmtp } from '../support/smtp';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';
import { freePort, ROOT, startServer, tempDir, type RunningServer } from '../support/server';
import { SELLER_IDENTITY } from '../support/shop';

const MAIN = 'impulsa.test';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The certificate the proxy presented. */
  names: string;
}

describe.skipIf(!TEST_DATABASE_URL)('the deployment: Caddy in front of two instances', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let dns: LocalDns;
  let zone: string;
  let first: RunningServer;
  let second: RunningServer;
  let caddy: ChildProcess;
  let caddyLog = '';
  let httpsPort: number;
  let ca: Buffer;
  let smtp: TestSmtp;
  let mailDir: string;

  /** An HTTPS request to the proxy for `host` (SNI and Host), trusting Caddy's own CA. */
  function request(
    host: string,
    pathname: string,
    options: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = https.request(
        {
          host: '127.0.0.1',
          port: httpsPort,
          servername: host,
          ca,
          path: pathname,
          method: options.method ?? 'GET',
          headers: { Host: `${host}:${httpsPort}`, ...options.headers },
          agent: false,
        },
        (res) => {
          const names = (res.socket as TLSSocket).getPeerCertificate().subjectaltname ?? '';
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c) => (body += c));
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, body, names }),
          );
        },
      );
      req.on('error', reject);
      req.end(options.body);
    });
  }

  /** The two-instance test's product, which the backup test looks for in the restored copy. */
  const shared = { productId: 0 };
  const origin = (host: string) => `https://${host}:${httpsPort}`;
  const json = (body: unknown, host = MAIN) => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin(host) },
    body: JSON.stringify(body),
  });

  beforeAll(async () => {
    ensureDebianPackage('/usr/bin/caddy', 'caddy');
    database = await createTestDatabase();
    // The instances reach PostgreSQL through a proxy the test can cut: the server's stop, as the
    // instances see it, without stopping the machine's PostgreSQL under the other tests.
    const target = new URL(database.url);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const throughProxy = new URL(database.url);
    throughProxy.hostname = '127.0.0.1';
    throughProxy.port = String(proxy.port);
    mailDir = tempDir('impulsa-deploy-mail-');
    smtp = await startSmtp(mailDir);
    zone = tempDir('impulsa-deploy-dns-');
    dns = await startDns(zone);
    httpsPort = await freePort();
    const env = {
      DATABASE_URL: throughProxy.href,
      TRUST_PROXY: '1',
      SITE_URL: `https://${MAIN}:${httpsPort}`,
      MAIN_DOMAINS: `${MAIN},127.0.0.1,localhost`,
      DNS_SERVERS: dns.server,
      SMTP_URL: smtp.url,
      // A queue that retries within seconds, so the mail server's outage is over soon after it ends.
      JOB_RETRY_BASE_MS: '500',
      JOB_RETRY_CAP_MS: '3000',
      JOB_POLL_MS: '500',
    };
    [first, second] = await Promise.all([startServer(env), startServer(env)]);
    const home = tempDir('impulsa-caddy-');
    caddy = spawn(
      'caddy',
      ['run', '--config', path.join(ROOT, 'deploy/Caddyfile'), '--adapter', 'caddyfile'],
      {
        env: {
          ...process.env,
          XDG_DATA_HOME: path.join(home, 'data'),
          XDG_CONFIG_HOME: path.join(home, 'config'),
          IMPULSA_BIND: '127.0.0.1',
          IMPULSA_HTTP_PORT: String(await freePort()),
          IMPULSA_HTTPS_PORT: String(httpsPort),
          IMPULSA_ADMIN: 'off',
          IMPULSA_UPSTREAMS: `127.0.0.1:${first.port} 127.0.0.1:${second.port}`,
          IMPULSA_ASK: `http://127.0.0.1:${first.port}/api/tls/ask`,
          IMPULSA_MAIN: MAIN,
          IMPULSA_TLS: 'local_certs\nskip_install_trust',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    caddy.stdout!.on('data', (d) => (caddyLog += d));
    caddy.stderr!.on('data', (d) => (caddyLog += d));
    const root = path.join(home, 'data/caddy/pki/authorities/local/root.crt');
    for (let i = 0; ; i++) {
      if (
        fs.existsSync(root) &&
        (await request(MAIN, '/api/health/').catch(() => null))?.status === 200
      )
        break;
      if (i > 150 || caddy.exitCode !== null) throw new Error(`Caddy did not start:\n${caddyLog}`);
      if (fs.existsSync(root)) ca = fs.readFileSync(root);
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 90_000);

  afterAll(async () => {
    caddy?.kill('SIGTERM');
    await Promise.all([first?.stop(), second?.stop()]);
    await dns?.close();
    await smtp?.close();
    await proxy?.close();
    await database?.drop();
  });

  it('serves the main domain over HTTPS with HSTS, a Secure __Host- session cookie, and https links', async () => {
    const landing = await request(MAIN, '/landing');
    expect(landing.status).toBe(200);
    expect(landing.names).toBe(`DNS:${MAIN}`);
    expect(landing.headers['strict-transport-security']).toBe(
      'max-age=63072000; includeSubDomains',
    );
    const email = `vendedora-${Date.now()}@impulsa.test`;
    const signUp = await request(
      MAIN,
      '/api/users/register/',
      json({ email, password: 'una-clave-segura', full_name: 'Rosa Díaz' }),
    );
    expect(signUp.status).toBe(201);
    const cookies = [signUp.headers['set-cookie'] ?? []].flat();
    expect(cookies.find((c) => c.startsWith('__Host-impulsa_session='))).toMatch(/; .*Secure/i);
    // The browser's id for sign-in under attack: as strict.
    expect(cookies.find((c) => c.startsWith('__Host-impulsa_device='))).toMatch(/; .*Secure/i);
  });

  it('a verified custom domain gets a certificate for its name alone and takes orders; others none', async () => {
    const email = `tienda-${Date.now()}@impulsa.test`;
    const { token } = JSON.parse(
      (
        await request(
          MAIN,
          '/api/users/register/',
          json({ email, password: 'una-clave-segura', full_name: 'Ana Rojas' }),
        )
      ).body,
    );
    const auth = { Authorization: `Token ${token}`, 'Content-Type': 'application/json' };
    const call = (method: string, p: string, body?: unknown) =>
      request(MAIN, p, {
        method,
        headers: auth,
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then((a) => ({ ...a, json: a.body ? JSON.parse(a.body) : null }));
    const label = `tienda${Date.now().toString(36)}`;
    const product = (
      await call('POST', '/api/products/', { name: 'Taza de greda', price: 12990, published: true })
    ).json;
    const site = (
      await call('POST', '/api/sites/', {
        name: 'Taller Greda',
        subdomain: label,
        template: 'tienda',
      })
    ).json;
    expect((await call('POST', `/api/sites/${site.id}/publish/`)).status).toBe(200);
    const domain = `${label}.cl`;
    const set = (await call('PUT', `/api/sites/${site.id}/domain/`, { domain })).json;
    // Pending: no certificate for the name.
    await expect(request(domain, '/')).rejects.toThrow();
    setTxt(zone, `_impulsa.${domain}`, [[set.txt.value]]);
    expect((await call('POST', `/api/sites/${site.id}/domain/verify/`)).json.status).toBe(
      'verified',
    );

    const home = await request(domain, '/');
    expect(home.status).toBe(200);
    expect(home.names).toBe(`DNS:${domain}`);
    expect(home.body).toContain('Taller Greda');
    await expect(request(`otra-${label}.cl`, '/')).rejects.toThrow();

    // The buyer adds the product to a cart on the site's host: an https Origin the app accepts.
    const added = await request(domain, '/pay?_action=cart.add', {
      method: 'POST',
      headers: { Origin: origin(domain), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        intent: 'add',
        product: String(product.id),
        quantity: '1',
      }).toString(),
    });
    expect(added.status).toBe(303);
    // The first checkout on a custom domain goes once through the main domain, over https, so the
    // shop keeps one cart across its hosts; then the cart shows.
    const jars = new Map<string, Map<string, string>>();
    const jar = (host: string) => jars.get(host) ?? jars.set(host, new Map()).get(host)!;
    const keep = (host: string, answer: Answer) => {
      for (const line of ([] as string[]).concat(answer.headers['set-cookie'] ?? [])) {
        const [name, value] = line.split(';')[0]!.split('=') as [string, string];
        jar(host).set(name, value);
      }
      return answer;
    };
    const cookie = (host: string) => ({
      Cookie: [...jar(host)].map(([k, v]) => `${k}=${v}`).join('; '),
    });
    keep(domain, added);
    let host = domain;
    let location = String(added.headers.location).replace(origin(domain), '');
    for (let hop = 0; hop < 6; hop++) {
      const answer = keep(host, await request(host, location, { headers: cookie(host) }));
      if (answer.status !== 303) {
        expect(answer.status).toBe(200);
        expect(answer.body).toContain('Taza de greda');
        expect(hop).toBe(4);
        break;
      }
      const next = new URL(String(answer.headers.location), origin(host));
      expect(next.protocol).toBe('https:');
      [host, location] = [next.hostname, next.pathname + next.search];
    }
    expect(jar(domain).get('impulsa_carro_enlazado')).toBe('1');
    expect(jar(domain).get('impulsa_carro')).toBe(jar(MAIN).get('impulsa_carro'));
  });

  it("one instance's edit shows through the other within a second", async () => {
    const email = `dos-${Date.now()}@impulsa.test`;
    const { token } = JSON.parse(
      (
        await request(
          MAIN,
          '/api/users/register/',
          json({ email, password: 'una-clave-segura', full_name: 'Eva Soto' }),
        )
      ).body,
    );
    const headers = { Authorization: `Token ${token}`, 'Content-Type': 'application/json' };
    const made = await fetch(`${first.url}/api/products/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Plato hondo', price: 9990, published: true }),
    }).then((r) => r.json());
    shared.productId = made.id;
    const page = () => fetch(`${second.url}/shop/${made.id}`).then((r) => r.text());
    expect(await page()).toContain('$9.990');
    await fetch(`${first.url}/api/products/${made.id}/`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ price: 11990, version: made.version }),
    });
    const edited = Date.now();
    while (!(await page()).includes('$11.990')) {
      expect(Date.now() - edited).toBeLessThan(1000);
      await new Promise((r) => setTimeout(r, 50));
    }
  });

  it("the runbook's backup restores into a database a new instance serves", async () => {
    const dump = path.join(tempDir('impulsa-backup-'), 'impulsa.dump');
    const run = (command: string, args: string[]) => {
      const result = spawnSync(command, args, { encoding: 'utf8' });
      if (result.status !== 0) throw new Error(`${command}: ${result.stderr}`);
    };
    run('pg_dump', ['--format=custom', `--file=${dump}`, database.url]);
    const restored = await createTestDatabase();
    try {
      run('pg_restore', ['--no-owner', `--dbname=${restored.url}`, dump]);
      const instance = await startServer({ DATABASE_URL: restored.url });
      try {
        const page = await fetch(`${instance.url}/shop/${shared.productId}`);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('$11.990');
      } finally {
        await instance.stop();
      }
    } finally {
      await restored.drop();
    }
  });

  it('PostgreSQL away 10 s under load: 503s within 3 s everywhere, back within 3 s, no exit', async () => {
    const { token } = JSON.parse(
      (
        await request(
          MAIN,
          '/api/users/register/',
          json({
            email: `caida-${Date.now()}@impulsa.test`,
            password: 'una-clave-segura',
            full_name: 'Rita Paz',
          }),
        )
      ).body,
    );
    const auth = { headers: { Authorization: `Token ${token}` } };
    // A published site on our subdomain, its certificate obtained before the outage.
    const label = `caida${Date.now().toString(36)}`;
    const call = (method: string, p: string, body?: unknown) =>
      request(MAIN, p, {
        method,
        headers: { ...auth.headers, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const site = JSON.parse(
      (
        await call('POST', '/api/sites/', {
          name: 'Panadería Caída',
          subdomain: label,
          template: 'tienda',
        })
      ).body,
    );
    expect((await call('POST', `/api/sites/${site.id}/publish/`)).status).toBe(200);
    const siteHost = `${label}.${MAIN}`;
    expect((await request(siteHost, '/')).status).toBe(200);
    const asks = [
      () => request(siteHost, '/?visita=1'),
      () => request(MAIN, '/api/users/me/', auth),
      () => request(MAIN, '/dashboard', auth),
      () => request(MAIN, '/api/health/'),
    ];
    const answers: { status: number; ms: number }[] = [];
    const load = async (until: number) => {
      while (Date.now() < until)
        for (const ask of asks) {
          const started = Date.now();
          const { status } = await ask();
          answers.push({ status, ms: Date.now() - started });
        }
    };
    const down = Date.now();
    await proxy.cut();
    await Promise.all([load(down + 10_000), load(down + 10_000), load(down + 10_000)]);
    await proxy.restore();
    const back = Date.now();
    // Past the first second (the last good answer is trusted that long), every ask is a 503, fast.
    const outage = answers.filter((a) => a.status !== 200);
    expect(outage.length).toBeGreaterThan(20);
    expect(new Set(outage.map((a) => a.status))).toEqual(new Set([503]));
    // Issue 31 asks for 3 s; 0.4 s here since the pool's reconnect delay is capped (1.6-3.1 s
    // before, and 5 s when Caddy's health check on the database took both instances out).
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThanOrEqual(3000);
    for (;;) {
      const statuses = await Promise.all(asks.map((ask) => ask().then((a) => a.status)));
      if (statuses.every((s) => s === 200)) break;
      // Full service within 3 s of PostgreSQL's return (issue 31), now that the pool's reconnect
      // delay is capped (`reconnectDelaySeconds`).
      expect(Date.now() - back).toBeLessThanOrEqual(3000);
      await new Promise((r) => setTimeout(r, 100));
    }
    console.info(
      `slowest answer during the outage ${Math.max(...answers.map((a) => a.ms))} ms; ` +
        `full service ${Date.now() - back} ms after PostgreSQL came back`,
    );
    expect([first.proc.exitCode, second.proc.exitCode]).toEqual([null, null]);
  }, 60_000);

  it('the mail server away 20 s while orders come in through Caddy: every mail arrives once', async () => {
    const email = `smtp-${Date.now()}@impulsa.test`;
    const signed = await request(
      MAIN,
      '/api/users/register/',
      json({ email, password: 'una-clave-segura', full_name: 'Rosa Pérez' }),
    );
    const { token } = JSON.parse(signed.body) as { token: string };
    const auth = (body: unknown, method = 'POST') => ({
      ...json(body),
      method,
      headers: { ...json(body).headers, Authorization: `Token ${token}` },
    });
    await request(
      MAIN,
      '/api/store/',
      auth({ ...SELLER_IDENTITY, name: 'Greda', transfer_details: 'Banco', version: 0 }, 'PATCH'),
    );
    const product = JSON.parse(
      (await request(MAIN, '/api/products/', auth({ name: 'Taza', price: 9990, published: true })))
        .body,
    ) as { id: number };
    await smtp.close();
    const buyers = Array.from({ length: 8 }, (_, i) => `comprador-${i}-${Date.now()}@impulsa.test`);
    for (const buyer of buyers) {
      const placed = await request(
        MAIN,
        '/api/orders/',
        json({
          items: [{ product: product.id, quantity: 1 }],
          buyer: { name: 'Camila Soto', email: buyer, phone: '9 8765 4321' },
          delivery: { method: 'retiro' },
          payment_method: 'transferencia',
        }),
      );
      expect(placed.status, placed.body).toBe(201);
    }
    await new Promise((r) => setTimeout(r, 20_000));
    const inbox = () => (fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : []);
    expect(inbox().length).toBe(0);
    smtp = await startSmtp(mailDir, smtp.port);
    const to = (address: string) => inbox().filter((f) => f.endsWith(`-${address}.eml`)).length;
    for (let i = 0; i < 100 && !(buyers.every((b) => to(b) === 1) && to(email) === 8); i++)
      await new Promise((r) => setTimeout(r, 200));
    await new Promise((r) => setTimeout(r, 3000)); // a repeat would show by now
    expect(buyers.map(to)).toEqual(buyers.map(() => 1));
    expect(to(email)).toBe(8);
  }, 90_000);

  it('killing one instance loses no request: Caddy retries on the other', async () => {
    const statuses: number[] = [];
    const run = (async () => {
      for (let i = 0; i < 120; i++) statuses.push((await request(MAIN, '/landing')).status);
    })();
    await new Promise((r) => setTimeout(r, 200));
    first.proc.kill('SIGKILL');
    await run;
    expect(statuses).toHaveLength(120);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });

  it('the client address for rate limits is the one Caddy saw, whatever X-Forwarded-For a visitor sends', async () => {
    // Sign-ups are limited per address (10 an hour); each claims an address of its own. Last: it
    // uses up this address's sign-ups.
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await request(MAIN, '/api/users/register/', {
        ...json({
          email: `ip-${Date.now()}-${i}@impulsa.test`,
          password: 'una-clave-segura',
          full_name: 'Luis Mora',
        }),
        headers: { ...json({}).headers, 'X-Forwarded-For': `203.0.113.${i + 1}` },
      });
      statuses.push(res.status);
      if (res.status === 429)
        expect(JSON.parse(res.body).message).toMatch(/intentos|espera|minutos/i);
    }
    expect(statuses).toContain(429);
  });
});
