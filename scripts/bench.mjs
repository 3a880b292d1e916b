// `npm run bench`: measures the served app against a raw node:http server answering the
// same bytes on the same machine, so a slow machine does not hide a regression.
// BENCH_DURATION (s, default 10) and BENCH_CONNECTIONS (default 50) tune the run; BENCH_SCALE=0
// skips the catalogue-at-scale part (100 products, then 100,000 across 1,000 sellers);
// BENCH_ROUNDS (default 2) runs of each side per row, the best kept;
// BENCH_SOAK=180 adds a soak of that many seconds with the server's memory sampled;
// BENCH_DATABASE_URL=postgres://…/postgres runs the app on a throw-away database of that server.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import postgres from 'postgres';
import {
  apiClient,
  freePort,
  SITE_SUBDOMAIN,
  startApp as startAppOn,
  startChild,
  stop,
} from './app-fixture.mjs';
import { ensureBuilt, root } from './ensure-built.mjs';
import { measureRoutes, printRoutes, seedPages } from './page-weights.mjs';

const duration = Number(process.env.BENCH_DURATION || 10);
const connections = Number(process.env.BENCH_CONNECTIONS || 50);
const soakSeconds = Number(process.env.BENCH_SOAK || 0);
// Each row runs the app and the raw server this many times, in turn, and keeps each one's best run:
// a shared machine's slow seconds then fall on one run of either, not on one side of the ratio.
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS || 2));
const adminUrl = process.env.BENCH_DATABASE_URL;
// The seeding script at scale writes PGlite's folder directly.
const scale = process.env.BENCH_SCALE !== '0' && !adminUrl;

/** The resident memory of a process in MB (Linux). */
function rssMb(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const RAW_SERVER = `
const http = require('node:http');
const routes = JSON.parse(require('node:fs').readFileSync(process.env.ROUTES, 'utf8'));
for (const r of Object.values(routes)) r.body = Buffer.from(r.body, 'base64');
http.createServer((req, res) => {
  // A site's host answers its own paths: keyed 'site:' + path, as the app's tenant hosts are.
  const r = routes[(req.headers.host || '').startsWith(${JSON.stringify(SITE_SUBDOMAIN + '.')}) ? 'site:' + req.url : req.url];
  if (!r) { res.writeHead(404); return res.end(); }
  res.writeHead(r.status || 200, r.headers);
  res.end(r.body);
}).listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
`;

/** The run that answered more requests a second. */
const best = (kept, run) => (kept && kept.requests.average >= run.requests.average ? kept : run);

function measure(url, options = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, ...options }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

ensureBuilt();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'impulsa-bench-'));
// Every POST /api/orders/ of the bench comes from 127.0.0.1: lift the per-address order limit.
const appEnv = {
  DATA_DIR: dataDir,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  ORDER_RATE_LIMIT: '100000000',
};
let dropDatabase = async () => {};
if (adminUrl) {
  const name = `impulsa_bench_${Date.now()}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  appEnv.DATABASE_URL = url.href;
  dropDatabase = async () => {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  };
}
const engine = adminUrl ? 'PostgreSQL' : 'PGlite';
let appPort = await freePort();
const startApp = async () => {
  appPort = await freePort();
  return startAppOn(appEnv, appPort);
};
let app = await startApp();
const appUrl = (p) => `http://127.0.0.1:${appPort}${p}`;
// Idle: the first start has just created and migrated the database; let it settle.
await sleep(5000);
const memory = { idleFirstStart: rssMb(app.pid) };
const api = apiClient(appUrl(''));

// A seller with a shop, a photo and 100 products, the first published with the photo, and a
// published site: what the shop and site rows measure.
const seed = await seedPages(api);
const { email, token, product } = seed;
const routeWeights = await measureRoutes(appUrl(''), seed);
for (let i = 1; i < 100; i++)
  await api(
    'POST',
    '/api/products/',
    { name: `Producto de prueba ${i}`, price: 990 + i * 100 },
    token,
  );
const SITE_HOST = `${SITE_SUBDOMAIN}.localhost`;

/** POSTs JSON (an order), answering like `getWithHost`. */
async function postJson(url, body) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body,
  });
  return {
    status: res.status,
    headers: Object.fromEntries(res.headers),
    body: Buffer.from(await res.arrayBuffer()),
  };
}

/** GET with a Host header (fetch will not send one of its own choosing) and, for the checkout, the cart's cookie. */
function getWithHost(url, host, cookie, authorization) {
  return new Promise((resolve, reject) => {
    http
      .get(
        url,
        {
          headers: {
            Host: host,
            ...(cookie ? { Cookie: cookie } : {}),
            ...(authorization ? { Authorization: authorization } : {}),
          },
        },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        },
      )
      .on('error', reject);
  });
}

// A product without a stock limit, bought by the orders row; a cart holding it, shown by the /pay row.
const bread = await api(
  'POST',
  '/api/products/',
  { name: 'Pan amasado', price: 2500, published: true },
  token,
);
const added = await fetch(appUrl('/pay'), {
  method: 'POST',
  redirect: 'manual',
  headers: { Origin: appUrl(''), 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ intent: 'add', product: String(bread.id), quantity: '2' }),
});
const cartCookie = added.headers.get('set-cookie').split(';')[0];
const sellerId = new URL(added.headers.get('location'), appUrl('')).searchParams.get('tienda');
const orderBody = JSON.stringify({
  items: [{ product: bread.id, quantity: 1 }],
  buyer: { name: 'Camila Soto', email: 'camila@impulsa.test', phone: '+56987654321' },
  delivery: { method: 'retiro' },
  payment_method: 'whatsapp',
});

const shopPath = `/shop/${product.id}`;
// A query string skips the render cache: every request renders the page (its first render).
const shopUncached = `${shopPath}?bench=render`;
/** The sign-in page rendered through Astro each time (a query string skips the render cache): its islands' cost. */
const loginUncached = '/login?bench=render';
const payPath = `/pay?tienda=${sellerId}`;
const ORDERS = 'POST /api/orders/';
const ME = 'GET /api/users/me/ (token)';
const DASHBOARD = 'GET /dashboard (signed in)';
const paths = [
  '/',
  '/landing',
  shopPath,
  shopUncached,
  'site:/',
  '/login',
  '/registrate',
  loginUncached,
  payPath,
  ORDERS,
  ME,
  DASHBOARD,
  '/api/health/',
];
/**
 * Where a row's requests go: a site row sets the host and asks for the path after `site:`; the
 * checkout sends the cart's cookie; the orders row places an order per request.
 */
const target = (p) =>
  p.startsWith('site:')
    ? { path: p.slice(5), headers: { host: SITE_HOST } }
    : p === payPath
      ? { path: p, headers: { cookie: cartCookie } }
      : p === ORDERS
        ? {
            path: '/api/orders/',
            headers: { 'content-type': 'application/json' },
            method: 'POST',
            body: orderBody,
          }
        : p === ME
          ? { path: '/api/users/me/', headers: { authorization: `Token ${token}` } }
          : p === DASHBOARD
            ? { path: '/dashboard', headers: { cookie: `impulsa_session=${token}` } }
            : { path: p, headers: {} };

const routes = {};
/** What the app answered for each row, as the raw server must answer it. */
const appBodies = new Map();
for (const p of paths) {
  const { path: at, headers: sent, method, body: sentBody } = target(p);
  const res =
    method === 'POST'
      ? await postJson(appUrl(at), sentBody)
      : await getWithHost(
          appUrl(at),
          sent.host ?? `127.0.0.1:${appPort}`,
          sent.cookie,
          sent.authorization,
        );
  const body = res.body;
  if (res.status !== (method === 'POST' ? 201 : 200)) throw new Error(`${p} → ${res.status}`);
  const headers = {};
  for (const name of [
    'content-type',
    'content-security-policy',
    'x-content-type-options',
    'referrer-policy',
    'cache-control',
  ]) {
    const v = res.headers[name];
    if (v) headers[name] = v;
  }
  // The raw server looks a request up by its path, a site's by 'site:' and its path: a site's home
  // must not take the place of the main host's '/' (it did, and the raw server answered the `/` row
  // with the site's 7 KB home against the app's 15 KB landing).
  appBodies.set(p, body);
  routes[p] = { status: res.status, headers, body: body.toString('base64'), size: body.length };
  if (!p.startsWith('site:')) routes[at] = routes[p];
}
const routesFile = path.join(dataDir, 'routes.json');
fs.writeFileSync(routesFile, JSON.stringify(routes));
const rawPort = await freePort();
const raw = await startChild(
  ['-e', RAW_SERVER],
  { PORT: String(rawPort), ROUTES: routesFile },
  'ready',
);
// Every row compares like with like: the raw server answers each request of a row with the bytes the app did.
for (const p of paths) {
  const { path: at, headers: sent, method, body: sentBody } = target(p);
  const rawUrl = `http://127.0.0.1:${rawPort}${at}`;
  const res =
    method === 'POST'
      ? await postJson(rawUrl, sentBody)
      : await getWithHost(rawUrl, sent.host ?? `127.0.0.1:${rawPort}`);
  if (!res.body.equals(appBodies.get(p)))
    throw new Error(`the raw server answers ${p} with other bytes than the app`);
}

const rows = [];
const scaleRows = [];
try {
  for (const p of paths) {
    const { path: at, headers, method, body } = target(p);
    const options = { headers, ...(method ? { method, body } : {}) };
    await measure(appUrl(at), { duration: 2, ...options }); // warm-up
    let a, r;
    let errors = 0; // of every run, not only the best
    for (let round = 0; round < rounds; round++) {
      const run = await measure(appUrl(at), options);
      errors += run.errors + run.non2xx;
      a = best(a, run);
      r = best(r, await measure(`http://127.0.0.1:${rawPort}${at}`, options));
    }
    rows.push({
      path:
        p === shopPath
          ? '/shop/{id} (cached)'
          : p === shopUncached
            ? '/shop/{id} (first render)'
            : p === 'site:/'
              ? 'site home on its subdomain (cached)'
              : p === payPath
                ? '/pay (a cart, first render)'
                : p === '/' || p === '/landing' || p === '/login' || p === '/registrate'
                  ? `${p} (cached)`
                  : p === loginUncached
                    ? '/login (islands, first render)'
                    : p,
      bytes: routes[p].size,
      app: { rps: a.requests.average, p50: a.latency.p50, p99: a.latency.p99, errors },
      raw: { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 },
    });
  }

  memory.afterLoad = rssMb(app.pid);
  await sleep(20_000);
  memory.settled = rssMb(app.pid);

  if (soakSeconds > 0) {
    // A soak: signed-in API calls and dashboards for `soakSeconds`, the server's memory sampled every 10 s.
    const samples = [];
    const timer = setInterval(() => samples.push(rssMb(app.pid)), 10_000);
    const until = Date.now() + soakSeconds * 1000;
    while (Date.now() < until) {
      const half = Math.max(1, Math.min(30, (until - Date.now()) / 2000));
      await measure(appUrl('/api/users/me/'), {
        headers: { authorization: `Token ${token}` },
        connections: 20,
        duration: half,
      });
      await measure(appUrl('/dashboard'), {
        headers: { cookie: `impulsa_session=${token}` },
        connections: 20,
        duration: half,
      });
    }
    clearInterval(timer);
    samples.push(rssMb(app.pid));
    await sleep(20_000);
    memory.soak = { samples, after: rssMb(app.pid) };
  }

  // Cold start: restarts on the migrated database, each until its first 200; three, since one
  // start on a shared machine can be slow for reasons of its own.
  memory.coldStarts = [];
  for (let i = 0; i < 3; i++) {
    if (i > 0) await sleep(2000);
    await stop(app);
    const started = performance.now();
    const starting = startApp();
    for (;;) {
      const ok = await fetch(appUrl('/api/health/')).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await sleep(10);
    }
    memory.coldStarts.push(performance.now() - started);
    app = await starting;
  }
  await sleep(5000);
  memory.idleRestart = rssMb(app.pid);

  if (scale) {
    // The catalogue at scale: the same requests with 100 products, then with 100,000 products
    // of 1,000 sellers (8,000 of them this seller's, so /productos has 400 pages).
    const cookie = { Cookie: `impulsa_session=${token}` };
    const targets = [
      { name: '/productos (page 1)', path: '/productos', headers: cookie },
      {
        name: '/productos?page=400',
        path: '/productos?page=400',
        headers: cookie,
        before: '/productos',
      },
      { name: '/shop/{id} (first render)', path: shopUncached },
      {
        name: 'GET /api/products/?q=taza',
        path: '/api/products/?q=taza',
        headers: { Authorization: `Token ${token}` },
      },
    ];
    const timeAll = async () => {
      const out = [];
      for (const t of targets) {
        await measure(appUrl(t.path), { headers: t.headers, connections: 10, duration: 2 });
        const m = await measure(appUrl(t.path), {
          headers: t.headers,
          connections: 10,
          duration: Math.max(3, duration / 2),
        });
        out.push({
          mean: m.latency.mean,
          p99: m.latency.p99,
          rps: m.requests.average,
          errors: m.errors + m.non2xx,
        });
      }
      return out;
    };
    // With 100 products page 400 does not exist; its baseline is page 1.
    const small = await timeAll();
    small[1] = small[0];
    await stop(app);
    const seed = spawn(
      process.execPath,
      [
        'scripts/seed-catalogue.mjs',
        '--products',
        '99900',
        '--sellers',
        '999',
        '--owner',
        email,
        '--owner-products',
        '7900',
      ],
      { cwd: root, env: { ...process.env, ...appEnv }, stdio: 'inherit' },
    );
    const code = await new Promise((resolve) => seed.once('exit', resolve));
    if (code !== 0) throw new Error(`seed-catalogue exited with ${code}`);
    app = await startApp();
    const large = await timeAll();
    targets.forEach((t, i) => scaleRows.push({ name: t.name, small: small[i], large: large[i] }));
  }
} finally {
  await stop(app);
  await stop(raw);
  await dropDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const fmt = (n) => Math.round(n).toLocaleString('en-US');
console.log(
  `\nImpulsa benchmark — ${engine}, ${os.cpus().length} cores, ${connections} connections, ${duration} s per run, best of ${rounds} runs each, Node ${process.version}\n`,
);
console.log(
  '| path | bytes | app req/s | app p50 ms | app p99 ms | raw req/s | raw p50 ms | raw p99 ms | app / raw |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const row of rows) {
  const ratio = ((row.app.rps / row.raw.rps) * 100).toFixed(1);
  console.log(
    `| ${row.path} | ${fmt(row.bytes)} | ${fmt(row.app.rps)} | ${row.app.p50} | ${row.app.p99} | ${fmt(row.raw.rps)} | ${row.raw.p50} | ${row.raw.p99} | ${ratio} % |`,
  );
  if (row.app.errors) console.log(`  ${row.path}: ${row.app.errors} errors or non-2xx answers`);
}
if (scaleRows.length) {
  console.log(
    '\nThe catalogue at scale (10 connections, signed in as a seller with 8,000 of the products):\n',
  );
  console.log(
    '| request | 100 products: mean ms | p99 ms | 100,000 products: mean ms | p99 ms | ratio (goal ≤ 2×) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const row of scaleRows) {
    console.log(
      `| ${row.name} | ${row.small.mean.toFixed(1)} | ${row.small.p99} | ${row.large.mean.toFixed(1)} | ${row.large.p99} | ${(row.large.mean / row.small.mean).toFixed(2)}× |`,
    );
    if (row.small.errors || row.large.errors)
      console.log(
        `  ${row.name}: ${row.small.errors + row.large.errors} errors or non-2xx answers`,
      );
  }
}

const mb = (n) => `${Math.round(n)} MB`;
console.log(
  `\nMemory of the app (RSS, ${engine}): idle after the first start ${mb(memory.idleFirstStart)}; right after the rows above ${mb(memory.afterLoad)}, 20 s later ${mb(memory.settled)}; idle after a restart ${mb(memory.idleRestart)}.`,
);
const coldStarts = memory.coldStarts.map(Math.round);
console.log(
  `Cold start on the migrated database, process start to first 200: ${[...coldStarts].sort((x, y) => x - y)[1]} ms (median of ${coldStarts.join(', ')} ms).`,
);
if (memory.soak) {
  const { samples, after } = memory.soak;
  // A leak shows as a rise; a fall is memory given back (what the rows before left, collected
  // late in the soak on PGlite). Both are printed, against the first sample.
  const change = (n) =>
    `${n >= samples[0] ? '+' : '−'}${((Math.abs(n - samples[0]) / samples[0]) * 100).toFixed(1)} %`;
  console.log(
    `Soak of ${soakSeconds} s (20 connections, /api/users/me/ and /dashboard): RSS sampled every 10 s: ${samples.map(Math.round).join(', ')} MB; highest ${change(Math.max(...samples))} and lowest ${change(Math.min(...samples))} against the first; 20 s after: ${mb(after)}.`,
  );
}

// What each route downloads before it can be used, against its budget (issue 29).
printRoutes(routeWeights);
