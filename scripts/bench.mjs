// `npm run bench`: measures the served app against a raw node:http server answering the
// same bytes on the same machine, so a slow machine does not hide a regression.
// BENCH_DURATION (s, default 10) and BENCH_CONNECTIONS (default 50) tune the run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ensureBuilt, root } from './ensure-built.mjs';

const duration = Number(process.env.BENCH_DURATION || 10);
const connections = Number(process.env.BENCH_CONNECTIONS || 50);
const paths = ['/landing', '/api/health/'];

function freePort() {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function startChild(args, env, ready) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const onData = (d) => {
      out += d;
      if (out.includes(ready)) resolve(child);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (d) => (out += d));
    child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${out}`)));
  });
}

const RAW_SERVER = `
const http = require('node:http');
const routes = JSON.parse(require('node:fs').readFileSync(process.env.ROUTES, 'utf8'));
for (const r of Object.values(routes)) r.body = Buffer.from(r.body, 'base64');
http.createServer((req, res) => {
  const r = routes[req.url];
  if (!r) { res.writeHead(404); return res.end(); }
  res.writeHead(200, r.headers);
  res.end(r.body);
}).listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
`;

function measure(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

ensureBuilt();
const appPort = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'impulsa-bench-'));
const app = await startChild(['--max-semi-space-size=8', 'scripts/serve.mjs'], { PORT: String(appPort), DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn' }, 'Impulsa está corriendo');

const routes = {};
for (const p of paths) {
  const res = await fetch(`http://127.0.0.1:${appPort}${p}`);
  const body = Buffer.from(await res.arrayBuffer());
  const headers = {};
  for (const name of ['content-type', 'content-security-policy', 'x-content-type-options', 'referrer-policy', 'cache-control']) {
    const v = res.headers.get(name);
    if (v) headers[name] = v;
  }
  routes[p] = { headers, body: body.toString('base64'), size: body.length };
}
const routesFile = path.join(dataDir, 'routes.json');
fs.writeFileSync(routesFile, JSON.stringify(routes));
const rawPort = await freePort();
const raw = await startChild(['-e', RAW_SERVER], { PORT: String(rawPort), ROUTES: routesFile }, 'ready');

const rows = [];
try {
  for (const p of paths) {
    await new Promise((resolve) => autocannon({ url: `http://127.0.0.1:${appPort}${p}`, connections, duration: 2 }, resolve)); // warm-up
    const a = await measure(`http://127.0.0.1:${appPort}${p}`);
    const r = await measure(`http://127.0.0.1:${rawPort}${p}`);
    rows.push({
      path: p,
      bytes: routes[p].size,
      app: { rps: a.requests.average, p50: a.latency.p50, p99: a.latency.p99, errors: a.errors + a.non2xx },
      raw: { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 },
    });
  }
} finally {
  app.kill('SIGTERM');
  raw.kill('SIGTERM');
}

const fmt = (n) => Math.round(n).toLocaleString('en-US');
console.log(`\nImpulsa benchmark — ${os.cpus().length} cores, ${connections} connections, ${duration} s per run, Node ${process.version}\n`);
console.log('| path | bytes | app req/s | app p50 ms | app p99 ms | raw req/s | raw p50 ms | raw p99 ms | app / raw |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const row of rows) {
  const ratio = ((row.app.rps / row.raw.rps) * 100).toFixed(1);
  console.log(
    `| ${row.path} | ${fmt(row.bytes)} | ${fmt(row.app.rps)} | ${row.app.p50} | ${row.app.p99} | ${fmt(row.raw.rps)} | ${row.raw.p50} | ${row.raw.p99} | ${ratio} % |`,
  );
  if (row.app.errors) console.log(`  ${row.path}: ${row.app.errors} errors or non-2xx answers`);
}
