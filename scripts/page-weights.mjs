// What a route makes a browser download, gzipped, against its budget. Read from the page as
// served and the build's `_astro` folder, each chunk counted once per route (React's client is
// one shared chunk). `npm run bench` prints the table; `node scripts/page-weights.mjs` prints it
// alone, on a fresh app of its own.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { apiClient, freePort, seedShop, SITE_SUBDOMAIN, startApp, stop } from './app-fixture.mjs';
import { ensureBuilt, root } from './ensure-built.mjs';

const STATIC_IMPORT = /(?:from\s*|import\s*)["']\.\/([^"']+\.js)["']/g;
const ISLAND = /<astro-island\b[^>]*>/g;
const MODULE_SCRIPT = /<script[^>]*\bsrc="\/_astro\/([^"]+\.js)"/g;
const islandUrl = (tag, attr) => new RegExp(`\\b${attr}="/_astro/([^"]+\\.js)"`).exec(tag)?.[1];

/** Every chunk `entries` load before they run (static imports, transitively). */
function closure(dir, entries) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file) || !fs.existsSync(path.join(dir, file))) return;
    seen.add(file);
    for (const m of fs.readFileSync(path.join(dir, file), 'utf8').matchAll(STATIC_IMPORT))
      visit(m[1]);
  };
  entries.forEach(visit);
  return seen;
}

/**
 * A page's JavaScript in gzip KB: `kb` is what it downloads before it can be used (islands that
 * hydrate on load, `client:only` ones, module scripts, and their static imports); `laterKb` what
 * islands hydrating on idle or when visible add after that. A dynamic import runs on demand (a
 * rich-text toolbar, the toast area, zod at the first keystroke) and counts in neither.
 */
export function pageWeight(html, dir = path.join(root, 'dist/client/_astro')) {
  const eager = [...html.matchAll(MODULE_SCRIPT)].map((m) => m[1]);
  const late = [];
  for (const [tag] of html.matchAll(ISLAND)) {
    const urls = ['component-url', 'renderer-url', 'before-hydration-url']
      .map((a) => islandUrl(tag, a))
      .filter(Boolean);
    (/\bclient="(load|only)"/.test(tag) ? eager : late).push(...urls);
  }
  const first = closure(dir, eager);
  const after = [...closure(dir, late)].filter((f) => !first.has(f));
  const kb = (files) =>
    [...files].reduce((sum, f) => sum + gzipSync(fs.readFileSync(path.join(dir, f))).length, 0) /
    1024;
  return { kb: kb(first), laterKb: kb(after) };
}

/**
 * The routes measured and their budgets (issue 29): a public page ships no JavaScript at all.
 * `idleBudgetKb` bounds what islands hydrating on idle add, where a route states it.
 * `seed` is what `seedPages` made; `token` signs a request in.
 */
export const ROUTES = [
  { name: '/', path: () => '/', budgetKb: 75 },
  { name: '/login', path: () => '/login', budgetKb: 110 },
  { name: '/registrate', path: () => '/registrate', budgetKb: 110 },
  {
    name: 'a formation step',
    path: () => '/modelo-de-negocio/spa/01-nombra-tu-empresa',
    budgetKb: 150,
    signedIn: true,
  },
  {
    name: 'a canvas section',
    path: (s) => `/canvas/${s.canvas.id}/seccion/propuesta-de-valor`,
    budgetKb: 130,
    signedIn: true,
  },
  {
    name: 'the site editor',
    path: (s) => `/page-builder/editor/${s.site.id}`,
    budgetKb: 350,
    signedIn: true,
  },
  // The path's card (issue 50) hydrates on idle: its own code, the API client and the toast store.
  { name: '/dashboard', path: () => '/dashboard', budgetKb: 80, idleBudgetKb: 20, signedIn: true },
  { name: '/landing', path: () => '/landing', budgetKb: 0 },
  { name: '/videos', path: () => '/videos', budgetKb: 0, signedIn: true },
  // The counter (issue 67): works with no script; its budget is the 60 KB before use.
  { name: '/vender', path: () => '/vender', budgetKb: 60, signedIn: true },
  // The lesson player (media-chrome), a module script: docs/design.md's ≈ 40 KB.
  { name: 'a lesson', path: () => '/videos/como-validar-tu-idea', budgetKb: 40, signedIn: true },
  { name: 'a product page', path: (s) => `/shop/${s.product.id}`, budgetKb: 0 },
  { name: "a site's home", path: () => '/', budgetKb: 0, host: `${SITE_SUBDOMAIN}.localhost` },
];

/** What the signed-in routes need beyond `seedShop`: a canvas. */
export async function seedPages(api) {
  const shop = await seedShop(api);
  const canvas = await api('POST', '/api/canvases/', { title: 'Cerámica del Sur' }, shop.token);
  return { ...shop, canvas };
}

/** Each route's weight, fetched from the app at `origin`. */
export async function measureRoutes(origin, seed) {
  const rows = [];
  for (const route of ROUTES) {
    const url = new URL(route.path(seed), origin);
    const headers = {
      Host: route.host ?? url.host,
      ...(route.signedIn ? { Authorization: `Token ${seed.token}` } : {}),
    };
    rows.push({ ...route, ...pageWeight(await getPage(url, headers)) });
  }
  return rows;
}

/** A page's HTML, with a Host header of our choosing (fetch refuses to set one). */
function getPage(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`${url} → ${res.statusCode}`));
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve(body));
      })
      .on('error', reject);
  });
}

/** Whether a route's weights are within its budgets. */
export const withinBudget = (r) =>
  r.kb <= r.budgetKb && (r.idleBudgetKb === undefined || r.laterKb <= r.idleBudgetKb);

/** The table `npm run bench` prints. */
/** Prints the table through `say` (console.log by default), line by line. */
export function printRoutes(rows, say = console.log) {
  say('\n| route | gzip KB before use | budget | added on idle or when visible |');
  say('|---|---:|---:|---:|');
  for (const r of rows) {
    const verdict = r.kb <= r.budgetKb ? `≤ ${r.budgetKb}` : `**over ${r.budgetKb}**`;
    const later = r.laterKb ? r.laterKb.toFixed(1) : '–';
    const idle =
      r.idleBudgetKb === undefined
        ? ''
        : r.laterKb <= r.idleBudgetKb
          ? ` (≤ ${r.idleBudgetKb})`
          : ` (**over ${r.idleBudgetKb}**)`;
    say(`| ${r.name} | ${r.kb.toFixed(1)} | ${verdict} | ${later}${idle} |`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureBuilt();
  const port = await freePort();
  const app = await startApp(
    { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'impulsa-weights-')) },
    port,
  );
  try {
    const origin = `http://127.0.0.1:${port}`;
    const rows = await measureRoutes(origin, await seedPages(apiClient(origin)));
    printRoutes(rows);
    process.exitCode = rows.every((r) => withinBudget(r)) ? 0 : 1;
  } finally {
    await stop(app);
  }
}
