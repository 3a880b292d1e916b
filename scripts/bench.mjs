// `npm run bench`: the served app against a raw node:http server sending the same bytes and
// headers, on the same machine in the same run. wrk runs on one core, the servers on the other;
// each row loads app and raw at once, each with its own wrk, for BENCH_ROUNDS rounds (default 3)
// and reports the median ratio and its spread, then each alone: raw node's own requests a second
// show the generator kept up.
// BENCH_DURATION (s per run, default 5), BENCH_CONNECTIONS (default 50), BENCH_SCALE=0 skips the
// catalogue at scale (a seller of 100,000 products and 10,000 buyers, and the rows that need it),
// BENCH_SOAK=600 adds a seller's session of that many seconds with memory sampled,
// BENCH_DATABASE_URL=postgres://…/postgres runs the app on a throw-away database of that server;
// BENCH_ROWS=regex measures only the rows whose names match.
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import sharp from 'sharp';
import {
  apiClient,
  freePort,
  SITE_SUBDOMAIN,
  startApp as startAppOn,
  startChild,
  stop,
} from './app-fixture.mjs';
import { startLocalFlow, startLocalShipit } from './bench/local-peer.mjs';
import { ensureWrk, SERVER_CPU, WRK_CPU, wrk, wrkTogether } from './bench/wrk.mjs';
import { ensureBuilt, root } from './ensure-built.mjs';
import { measureRoutes, printRoutes, seedPages } from './page-weights.mjs';

const duration = Number(process.env.BENCH_DURATION || 5);
const connections = Number(process.env.BENCH_CONNECTIONS || 50);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS || 3));
const soakSeconds = Number(process.env.BENCH_SOAK || 0);
const adminUrl = process.env.BENCH_DATABASE_URL;
const scale = process.env.BENCH_SCALE !== '0';
/** A phone's browser: a visit the shop's figures count. */
const PERSON_AGENT =
  'Mozilla/5.0 (Linux; Android 14; moto g) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
/** A crawler announcing itself in as many bytes: the same request, not counted. */
const CRAWLER_AGENT = PERSON_AGENT.slice(0, -'bot'.length) + 'bot';
const onlyRows = process.env.BENCH_ROWS ? new RegExp(process.env.BENCH_ROWS, 'i') : null;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const rssMb = (pid) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

ensureBuilt();
ensureWrk();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'impulsa-bench-'));
// The local Flow the provider row's orders are paid at, on wrk's core (issue 50).
const flow = await startLocalFlow(dataDir, WRK_CPU);
// The local Shipit the courier row's quotes come from (issue 65), beside it.
const shipit = await startLocalShipit(dataDir, WRK_CPU);
// Every order of the bench comes from 127.0.0.1: lift the per-address limit.
const appEnv = {
  DATA_DIR: dataDir,
  ORDER_RATE_LIMIT: '100000000',
  FLOW_API_URL: flow.url,
  SHIPIT_API_URL: shipit.url,
  // Impulsa's application at Mercado Libre, for the notices' row (issue 66): no call leaves.
  MERCADOLIBRE_CLIENT_ID: '8412937465120034',
  MERCADOLIBRE_CLIENT_SECRET: 'bench-secret',
};
let dropDatabase = async () => {};
if (adminUrl) {
  const name = `impulsa_bench_${Date.now()}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  appEnv.DATABASE_URL = url.href;
  // On PostgreSQL the app seals payment secrets only under a key it is given: a throw-away one.
  appEnv.SECRETS_KEY ??= process.env.SECRETS_KEY || randomBytes(32).toString('hex');
  dropDatabase = async () => {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  };
}
const engine = adminUrl ? 'PostgreSQL' : 'PGlite';
let appPort = await freePort();
const startApp = () => startAppOn(appEnv, appPort, SERVER_CPU);
let app = await startApp();
const appUrl = (p) => `http://127.0.0.1:${appPort}${p}`;
const api = apiClient(appUrl(''));
let raw = null;
let token;
let routeWeights;
const results = [];
const memory = {};
try {
  // A seller with a shop, a photo, products, a published site and a canvas; a product without a
  // stock limit, bought by the orders row, and a cart holding it, shown by the /pay row.
  const seed = await seedPages(api);
  ({ token } = seed);
  const { product, email } = seed;
  routeWeights = await measureRoutes(appUrl(''), seed);
  const bread = await api(
    'POST',
    '/api/products/',
    { name: 'Pan amasado', price: 2500, published: true },
    token,
  );
  const added = await fetch(appUrl('/pay?_action=cart.add'), {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: appUrl(''), 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ product: String(bread.id), quantity: '2' }),
  });
  const cartCookie = added.headers.get('set-cookie').split(';')[0];
  const sellerId = new URL(added.headers.get('location'), appUrl('')).searchParams.get('tienda');
  // A second shop ships by courier from Santiago; its cart asks for Ñuñoa (issue 65): the page
  // shows Shipit's options, quoted once and read from the kept quote after. Its own shop, so the
  // row above stays the page it was.
  const courierShop = await api('POST', '/api/users/register/', {
    email: `courier-${Date.now()}@impulsa.test`,
    password: 'una-clave-segura',
    full_name: 'Rosa Courier',
  });
  await api(
    'PATCH',
    '/api/store/',
    {
      name: 'Greda al Sur',
      transfer_details: 'Banco Estado, cuenta 123',
      legal_name: 'Rosa Courier',
      legal_rut: '12.345.678-5',
      legal_address: 'Av. Italia 1234, Ñuñoa',
      version: 0,
    },
    courierShop.token,
  );
  const mug = await api(
    'POST',
    '/api/products/',
    { name: 'Taza', price: 12990, published: true, weight_g: 500 },
    courierShop.token,
  );
  const shipitAccount = await api(
    'PUT',
    '/api/store/shipping/shipit/',
    { ...shipit.account, version: 0 },
    courierShop.token,
  );
  if (shipitAccount.check !== 'ok') throw new Error('the local Shipit refused the account');
  const origin = await api('GET', '/api/store/shipping/', undefined, courierShop.token);
  await api(
    'PUT',
    '/api/store/shipping/',
    { ship_from: '13101', version: origin.version },
    courierShop.token,
  );
  const courierCart = await fetch(appUrl('/pay?_action=cart.add'), {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: appUrl(''), 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ product: String(mug.id), quantity: '1' }),
  });
  const courierCookie = courierCart.headers.get('set-cookie').split(';')[0];
  const courierSeller = new URL(courierCart.headers.get('location'), appUrl('')).searchParams.get(
    'tienda',
  );
  await fetch(appUrl(`/pay?tienda=${courierSeller}&_action=cart.quote`), {
    method: 'POST',
    redirect: 'manual',
    headers: {
      Origin: appUrl(''),
      Cookie: courierCookie,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ 'delivery.method': 'despacho', 'delivery.comuna': '13120' }),
  });

  // The catalogue at scale: 108,000 more products, written while the app is stopped (PGlite allows
  // one process per folder). The seller of the rows has 100,000 of them and 10,000 buyers (issue
  // 51: their pages and their Google feed at that size); 999 other sellers share the rest. The
  // crawler's row walks 20,000 published ones.
  let crawl = null;
  if (scale) {
    await stop(app);
    await runScript('scripts/seed-catalogue.mjs', [
      '--products',
      '108000',
      '--sellers',
      '999',
      '--owner',
      email,
      '--owner-products',
      '100000',
      '--owner-customers',
      '10000',
    ]);
    crawl = await publishedProductPaths(20_000);
    app = await startApp();
  }

  const SITE_HOST = `${SITE_SUBDOMAIN}.localhost`;
  const orderBody = JSON.stringify({
    items: [{ product: bread.id, quantity: 1 }],
    buyer: { name: 'Camila Soto', email: 'camila@impulsa.test', phone: '+56987654321' },
    delivery: { method: 'retiro' },
    payment_method: 'whatsapp',
  });
  // A paid order: its receipt (never cached) reads the order, its lines, its timeline and its document.
  const paidOrder = await api('POST', '/api/orders/', JSON.parse(orderBody));
  await api('PATCH', `/api/orders/${paidOrder.id}/`, { status: 'pagado' }, token);
  const receiptPath = new URL(paidOrder.receipt_url).pathname;
  // The same order paid with Flow: placing it asks Flow for the payment and answers its page.
  const flowAccount = await api(
    'PUT',
    '/api/store/payments/flow/',
    { ...flow.account, environment: 'sandbox', version: 0 },
    token,
  );
  if (flowAccount.check !== 'ok') throw new Error('the local Flow refused the account');
  const flowOrderBody = JSON.stringify({ ...JSON.parse(orderBody), payment_method: 'flow' });
  /** The rows: a name, what a request is, and what status it must answer. A query string skips the render cache. */
  const ROWS = [
    { name: '/ (cached)', path: '/' },
    { name: '/landing (cached)', path: '/landing' },
    { name: 'a product page (cached)', path: `/shop/${product.id}` },
    {
      // A person's visit is counted (wrk sends no user agent, so the row above counts nothing):
      // each round also runs the page as a crawler of the same length asks it, the same bytes
      // uncounted, and the report gives counted ÷ uncounted.
      name: 'a product page (cached), visits counted',
      path: `/shop/${product.id}`,
      headers: { 'User-Agent': PERSON_AGENT },
      uncounted: { 'User-Agent': CRAWLER_AGENT },
    },
    { name: "a site's home (cached)", path: '/', site: true },
    { name: "a site's catalogue (cached)", path: '/shop', site: true },
    // A search is cached one copy per query (`page-cache.ts`): within noise of the catalogue's row.
    { name: "a site's search (cached)", path: '/shop?q=pan+amasado', site: true },
    { name: '/login (cached)', path: '/login' },
    {
      name: 'GET /api/users/me/ (token)',
      path: '/api/users/me/',
      headers: { Authorization: `Token ${token}` },
    },
    {
      name: '/dashboard (signed in)',
      path: '/dashboard',
      headers: { Cookie: `impulsa_session=${token}` },
    },
    ...(crawl
      ? [
          {
            name: 'a product page rendered anew (a crawler over 100,000)',
            path: crawl[0],
            walk: crawl,
            raw: '/shop/*',
          },
        ]
      : []),
    { name: 'a product page rendered anew (one page)', path: `/shop/${product.id}?bench=render` },
    // No database and no island: what rendering anew costs in Astro's pipeline alone.
    { name: '/landing rendered anew (no database)', path: '/landing?bench=render' },
    { name: "a site's page rendered anew", path: '/?bench=render', site: true },
    { name: '/login rendered anew (islands)', path: '/login?bench=render' },
    { name: '/pay with a cart', path: `/pay?tienda=${sellerId}`, headers: { Cookie: cartCookie } },
    {
      name: '/pay with courier options (Ñuñoa)',
      path: `/pay?tienda=${courierSeller}`,
      headers: { Cookie: courierCookie },
    },
    { name: "a paid order's receipt", path: receiptPath },
    ...(scale
      ? [
          // The seller's own lists at the size issue 51 names: each page one query, never the whole.
          {
            name: '/clientes (10,000 customers)',
            path: '/clientes',
            headers: { Cookie: `impulsa_session=${token}` },
          },
          {
            name: '/productos (100,000 products)',
            path: '/productos',
            headers: { Cookie: `impulsa_session=${token}` },
          },
        ]
      : []),
    {
      name: 'POST /api/orders/',
      path: '/api/orders/',
      method: 'POST',
      body: orderBody,
      headers: { 'Content-Type': 'application/json' },
      status: 201,
    },
    {
      // Mercado Libre's notice of a sale (issue 66), as its retries send it again and again: answered
      // after one batched insert, whose job waits a second and reads the order once. Mercado Libre
      // wants every answer within 500 ms: the row's p99.
      name: 'POST a Mercado Libre notice',
      path: '/api/channels/mercadolibre/notify/',
      method: 'POST',
      body: JSON.stringify({
        _id: 'bench',
        resource: '/orders/2000000000001',
        user_id: 1234567890,
        topic: 'orders_v2',
        application_id: 8412937465120034,
        attempts: 1,
      }),
      headers: { 'Content-Type': 'application/json' },
    },
    {
      // Its own query: the raw server tells the two order rows apart by the URL alone.
      name: 'POST /api/orders/ (Flow, a redirect)',
      path: '/api/orders/?pago=flow',
      method: 'POST',
      body: flowOrderBody,
      headers: { 'Content-Type': 'application/json' },
      status: 201,
    },
  ].filter((row) => !onlyRows || onlyRows.test(row.name));
  const requestOf = (row) => ({
    method: row.method,
    body: row.body,
    headers: { ...row.headers, ...(row.site ? { Host: SITE_HOST } : {}) },
    paths: row.walk,
  });

  // What the app answers each row, bytes and headers, as the raw server will answer it.
  const routes = {};
  // Rows that write (an order) first: what they change (the dashboard's orders) is then already
  // in every page recorded after them, as it is when the rows are measured.
  for (const row of [...ROWS].sort((a, b) => Number(!a.method) - Number(!b.method))) {
    // The second answer: a cached row's first one is the render that fills the cache.
    if (!row.method) await ask(appUrl(row.path), requestOf(row));
    const answer = await ask(appUrl(row.path), requestOf(row));
    if (answer.status !== (row.status ?? 200)) throw new Error(`${row.name} → ${answer.status}`);
    row.bytes = answer.body.length;
    routes[row.raw ?? (row.site ? 'site:' : '') + row.path] = {
      ...answer,
      body: answer.body.toString('base64'),
    };
  }
  const routesFile = path.join(dataDir, 'routes.json');
  fs.writeFileSync(routesFile, JSON.stringify(routes));
  const rawPort = await freePort();
  /** A raw server of its own for each row: one that served other rows' answers is not raw node. */
  const startRaw = () =>
    startChild(
      ['scripts/bench/raw-server.mjs'],
      { PORT: String(rawPort), ROUTES: routesFile, SITE_HOST },
      'ready',
      SERVER_CPU,
    );
  raw = await startRaw();
  const rawUrl = (p) => `http://127.0.0.1:${rawPort}${p}`;
  // Like with like: the raw server must send each row's bytes and headers as the app did (an order
  // is new each time, and a walk's pages differ: those rows are left out). The app's framing (a
  // length or chunks) and its cache marker may differ from one answer to the next: not compared.
  const comparable = (headers) =>
    JSON.stringify(
      headers.filter((_, i) => !/^(content-length|x-render-cache)$/i.test(headers[i - (i % 2)])),
    );
  for (const row of ROWS.filter((r) => !r.walk && !r.method)) {
    const [a, r] = [
      await ask(appUrl(row.path), requestOf(row)),
      await ask(rawUrl(row.path), requestOf(row)),
    ];
    if (!a.body.equals(r.body) || comparable(a.headers) !== comparable(r.headers))
      throw new Error(`the raw server answers ${row.name} unlike the app`);
  }

  let offset = 0;
  for (const row of ROWS) {
    await stop(raw);
    raw = await startRaw();
    const request = () => ({ duration, connections, ...requestOf(row), offset: (offset += 5000) });
    wrk(appUrl(row.path), { ...request(), duration: 2 }); // warm-up
    wrk(rawUrl(row.path), { ...request(), duration: 1 });
    const runs = [];
    // App and raw at once, on one core: both see the machine as it is at that moment.
    for (let round = 0; round < rounds; round++) {
      const [a, r] = await wrkTogether([
        [appUrl(row.path), request()],
        [rawUrl(row.path), request()],
      ]);
      runs.push({ a, r, ratio: a.rps / r.rps });
    }
    // Each alone, for its own requests a second and the app's latency.
    const alone = { a: wrk(appUrl(row.path), request()), r: wrk(rawUrl(row.path), request()) };
    // Counting a visit is the same server's work: its runs alternate, the order turned each round.
    const counting = [];
    for (let round = 0; row.uncounted && round < 2 * rounds; round++) {
      const uncounted = () => wrk(appUrl(row.path), { ...request(), headers: row.uncounted });
      const early = round % 2 === 0 ? uncounted() : null;
      const a = wrk(appUrl(row.path), request());
      counting.push(a.rps / (early ?? uncounted()).rps);
    }
    results.push({ row, runs, alone, counting });
  }
  memory.afterLoad = rssMb(app.pid);
  await sleep(20_000);
  memory.settled = rssMb(app.pid);
  if (soakSeconds > 0) memory.soak = await soak();
  memory.coldStarts = await coldStarts();
  await sleep(5000);
  memory.idleRestart = rssMb(app.pid);
  memory.uploads = await uploadBurst();
  memory.feed = await feedStream(sellerId);
} finally {
  await stop(app);
  if (raw) await stop(raw);
  await stop(flow.child);
  await stop(shipit.child);
  await dropDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
report();

/** GET or POST `url` as a row asks it; the status, the headers as sent (no Date or hop-by-hop) and the body. */
function ask(url, { method = 'GET', headers = {}, body }) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const kept = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          if (!/^(date|connection|keep-alive|transfer-encoding)$/i.test(res.rawHeaders[i]))
            kept.push([res.rawHeaders[i], res.rawHeaders[i + 1]]);
        resolve({ status: res.statusCode, headers: kept.flat(), body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Runs a script of ours with the app's environment and waits for it. */
async function runScript(script, args) {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: root,
    env: { ...process.env, ...appEnv },
    stdio: 'inherit',
  });
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`${script} exited with ${code}`);
}

/** Paths of `count` published products of the catalogue, shuffled, read while the app is stopped. */
async function publishedProductPaths(count) {
  const file = path.join(dataDir, 'crawl.json');
  const code = `const { openDatabase, dataDir, databaseUrl, sql } = await import('./dist/server/runtime.mjs');
    const url = databaseUrl();
    const pgliteDir = (await import('node:path')).join(dataDir(), 'pglite');
    const handle = await openDatabase(url ? { databaseUrl: url } : { pgliteDir });
    const rows = await handle.unbounded.execute(
      sql\`select id from products where published order by random() limit ${count}\`,
    );
    const paths = (rows.rows ?? rows).map((r) => '/shop/' + r.id);
    (await import('node:fs')).writeFileSync(${JSON.stringify(file)}, JSON.stringify(paths));
    await handle.close();`;
  await runScript('--input-type=module', ['-e', code]);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/**
 * A seller's session for `soakSeconds`, the server's memory sampled every 10 s: rounds of a
 * 12-megapixel photo uploaded, a product made with it, edited and published, its page rendered
 * anew, a buyer's order, and 5 s of the signed-in asks at 20 connections. Then a minute of quiet,
 * as after a working day, before the last reading.
 */
async function soak() {
  const photo = await sharp({
    create: { width: 4000, height: 3000, channels: 3, background: { r: 190, g: 120, b: 70 } },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
  const samples = [rssMb(app.pid)];
  const timer = setInterval(() => samples.push(rssMb(app.pid)), 10_000);
  const until = Date.now() + soakSeconds * 1000;
  let rounds = 0;
  while (Date.now() < until) await sellerRound(photo, ++rounds);
  clearInterval(timer);
  samples.push(rssMb(app.pid));
  await sleep(60_000);
  return { samples, after: rssMb(app.pid), rounds };
}

/** One round of the seller's session (`soak`). */
async function sellerRound(photo, round) {
  const form = new FormData();
  form.set('file', new Blob([photo], { type: 'image/jpeg' }), 'taller.jpg');
  const media = await api('POST', '/api/media/', form, token);
  const made = await api(
    'POST',
    '/api/products/',
    { name: `Jarrón ${round}`, price: 14990, stock: 50, images: [media.id] },
    token,
  );
  const edited = await api(
    'PATCH',
    `/api/products/${made.id}/`,
    {
      description: '<p>Hecho a mano en greda.</p><p>Cada pieza es única.</p>',
      published: true,
      version: made.version,
    },
    token,
  );
  for (let i = 0; i < 5; i++) await fetch(appUrl(`/shop/${edited.id}?visita=${i}`));
  await api('POST', '/api/orders/', {
    items: [{ product: edited.id, quantity: 1 }],
    buyer: { name: 'Camila Soto', email: 'camila@impulsa.test', phone: '+56987654321' },
    delivery: { method: 'retiro' },
    payment_method: 'whatsapp',
  });
  for (const path of ['/api/users/me/', '/dashboard'])
    wrk(appUrl(path), {
      duration: 3,
      connections: 20,
      headers: { Authorization: `Token ${token}` },
    });
}

/** Four sellers' 36-megapixel photos uploaded at once: the server's RSS before, at its peak, and 20 s after. */
async function uploadBurst() {
  const photo = await sharp({
    create: { width: 6000, height: 6000, channels: 3, background: { r: 150, g: 90, b: 60 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  const before = rssMb(app.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(app.pid))), 50);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 4 }, () => {
      const form = new FormData();
      form.set('file', new Blob([photo], { type: 'image/jpeg' }), 'foto.jpg');
      return api('POST', '/api/media/', form, token);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  await sleep(20_000);
  return { before, peak, after: rssMb(app.pid), seconds, megabytes: photo.length / 1e6 };
}

/**
 * The seller's Google feed read once, as Merchant Center reads it: its items and bytes, the time
 * to its first and last byte, and the server's RSS before and at the peak (it streams: the
 * catalogue is never all in memory).
 */
async function feedStream(sellerId) {
  const before = rssMb(app.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(app.pid))), 50);
  const started = performance.now();
  const response = await fetch(appUrl(`/tienda/${sellerId}/feeds/google.xml`));
  const decoder = new TextDecoder();
  let first = null;
  let bytes = 0;
  let items = 0;
  let tail = '';
  for await (const chunk of response.body) {
    first ??= performance.now() - started;
    bytes += chunk.length;
    const text = tail + decoder.decode(chunk, { stream: true });
    items += (text.match(/<item>/g) ?? []).length;
    tail = text.slice(-5); // shorter than `<item>`: never counted twice
  }
  clearInterval(sampler);
  return { before, peak, items, bytes, first, seconds: (performance.now() - started) / 1000 };
}

/** Three restarts on the migrated database, process start to first 200, each in ms. */
async function coldStarts() {
  const times = [];
  for (let i = 0; i < 3; i++) {
    await sleep(2000);
    await stop(app);
    const started = performance.now();
    const starting = startApp();
    while (
      !(await fetch(appUrl('/api/health/')).then(
        (r) => r.ok,
        () => false,
      ))
    )
      await sleep(10);
    times.push(performance.now() - started);
    app = await starting;
  }
  return times;
}

/**
 * Prints the results and, after a full run (no BENCH_ROWS), writes them to docs/bench.md: the one
 * place the figures live, so no hand edits them into the README.
 */
function report() {
  const lines = [];
  const say = (line) => {
    console.log(line);
    lines.push(line);
  };
  const fmt = (n) => Math.round(n).toLocaleString('en-US');
  const pct = (n) => `${(n * 100).toFixed(1)} %`;
  say(
    `\nImpulsa benchmark — ${engine}, Node ${process.version}, wrk on core 0 and the servers ` +
      `on core 1, ${connections} connections, ${duration} s a run; ` +
      `app / raw: ${rounds} round(s) of both at once, each with its own wrk\n`,
  );
  say(
    '| row | bytes | app req/s alone | app p50 / p99 ms | raw req/s alone | app / raw (median) | spread |',
  );
  say('|---|---:|---:|---:|---:|---:|---:|');
  for (const { row, runs, alone } of results) {
    const ratios = runs.map((r) => r.ratio);
    const errors = [...runs.map((r) => r.a), alone.a].reduce((n, a) => n + a.errors, 0);
    const latency = `${alone.a.p50.toFixed(1)} / ${alone.a.p99.toFixed(1)}`;
    const spread = `${pct(Math.min(...ratios))}–${pct(Math.max(...ratios))}`;
    const cells = [row.name, fmt(row.bytes), fmt(alone.a.rps), latency, fmt(alone.r.rps)];
    say(`| ${cells.join(' | ')} | **${pct(median(ratios))}** | ${spread} |`);
    if (errors) say(`  ${row.name}: ${errors} errors or non-2xx answers`);
  }
  for (const { row, counting } of results.filter((r) => r.row.uncounted)) {
    say(
      `\n${row.name}: counted ÷ uncounted, same page, alternating: ` +
        `median **${pct(median(counting))}** ` +
        `(${pct(Math.min(...counting))}–${pct(Math.max(...counting))}).`,
    );
  }
  const mb = (n) => `${Math.round(n)} MB`;
  say(
    `\nMemory (RSS, ${engine}): right after the rows ${mb(memory.afterLoad)}, ` +
      `20 s later ${mb(memory.settled)}; idle after a restart ${mb(memory.idleRestart)}.`,
  );
  say(
    'Cold start on the migrated database, process start to first 200: ' +
      `median ${fmt(median(memory.coldStarts))} ms (${memory.coldStarts.map(fmt).join(', ')}).`,
  );
  const { uploads } = memory;
  say(
    `Four 36-megapixel photos (${uploads.megabytes.toFixed(1)} MB JPEG each) uploaded at once: ` +
      `RSS ${mb(uploads.before)} before, ${mb(uploads.peak)} at the peak, ` +
      `${mb(uploads.after)} 20 s after; all four answered in ${uploads.seconds.toFixed(1)} s.`,
  );
  const { feed } = memory;
  say(
    `The seller's Google feed (${fmt(feed.items)} items, ${(feed.bytes / 1e6).toFixed(1)} MB), ` +
      `streamed: first byte in ${fmt(feed.first)} ms, all in ${feed.seconds.toFixed(1)} s; ` +
      `RSS ${mb(feed.before)} before, ${mb(feed.peak)} at the peak.`,
  );
  if (memory.soak) {
    const { samples, after, rounds } = memory.soak;
    const change = (n) =>
      `${n >= samples[0] ? '+' : '−'}${((Math.abs(n - samples[0]) / samples[0]) * 100).toFixed(1)} %`;
    say(
      `A seller's session of ${soakSeconds} s (${rounds} rounds of a 12-megapixel photo, ` +
        'a product made, edited and published, its page, an order, and signed-in asks): ' +
        `${samples.map(Math.round).join(', ')} MB; ` +
        `highest ${change(Math.max(...samples))} against the first; ` +
        `a quiet minute after: ${mb(after)}.`,
    );
  }
  printRoutes(routeWeights, say);
  if (onlyRows) return;
  writeEngineSection(lines);
}

/**
 * docs/bench.md holds one section per engine; a full run rewrites its own engine's (dated) and
 * keeps the other's as it was, so both are on record side by side.
 */
function writeEngineSection(lines) {
  const file = path.join(root, 'docs/bench.md');
  const title = (name) => `## ${name}`;
  const old = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const sections = Object.fromEntries(
    ['PGlite', 'PostgreSQL'].map((name) => {
      const at = old.indexOf(`${title(name)}\n`);
      if (at < 0) return [name, null];
      const next = old.indexOf('\n## ', at + 1);
      return [name, old.slice(at, next < 0 ? undefined : next + 1).trimEnd()];
    }),
  );
  sections[engine] = [
    title(engine),
    '',
    `Written by \`npm run bench\`${adminUrl ? ' with `BENCH_DATABASE_URL`' : ''} on ` +
      `${new Date().toISOString().slice(0, 10)}.`,
    ...lines,
  ].join('\n');
  const header = [
    '# Benchmark',
    '',
    'Written by `npm run bench`, one section per engine; do not edit by hand. How the rows are',
    'measured: the README\'s "Benchmark" and `docs/decisions/2026-11-26-side-by-side-bench.md`.',
  ];
  const body = ['PGlite', 'PostgreSQL'].flatMap((name) =>
    sections[name] ? ['', sections[name]] : [],
  );
  fs.writeFileSync(file, [...header, ...body, ''].join('\n'));
}
