// `npm run lighthouse`: Lighthouse (mobile, its default: a mid-range phone on a slow 4G link,
// simulated) on the pages people arrive at: `/`, `/landing`, `/login`, a product page, a
// published site's home on its subdomain, and a formation step signed in (issue 29's goals). Builds
// if needed, serves the app on a fresh embedded
// database with a seller made through the API, drives Debian's Chromium (CHROMIUM_PATH), and
// prints each page's four scores. The README records the latest figures. LIGHTHOUSE_REPORTS=<dir>
// also keeps each page's full report (JSON) there, to read what an audit found.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt, root } from './ensure-built.mjs';
import { apiClient, freePort, seedShop, SITE_SUBDOMAIN, startApp, stop } from './app-fixture.mjs';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
// As the tests start Chromium here (a closed network, running as root).
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

ensureBuilt();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'impulsa-lighthouse-'));
const port = await freePort();
// The canonical origin is the served one, so canonical links and sitemaps point where Lighthouse looks.
const app = await startApp({ DATA_DIR: dataDir, SITE_URL: `http://localhost:${port}` }, port);
const origin = `http://localhost:${port}`;
const rows = [];
const reportsDir = process.env.LIGHTHOUSE_REPORTS;
if (reportsDir) fs.mkdirSync(reportsDir, { recursive: true });
try {
  const { product, token } = await seedShop(apiClient(origin));
  const signedIn = { Cookie: `impulsa_session=${token}` };
  const pages = [
    ['/', `${origin}/`],
    ['/landing', `${origin}/landing`],
    ['/login', `${origin}/login`],
    ['/shop/{id}', `${origin}/shop/${product.id}`],
    ['a published site (its subdomain)', `http://${SITE_SUBDOMAIN}.localhost:${port}/`],
    [
      'a formation step (signed in)',
      `${origin}/modelo-de-negocio/spa/01-nombra-tu-empresa`,
      signedIn,
    ],
  ];
  for (const [name, url, headers] of pages) {
    const args = [
      url,
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      `--only-categories=${CATEGORIES.join(',')}`,
      `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
    ];
    if (headers) args.push(`--extra-headers=${JSON.stringify(headers)}`);
    const run = spawnSync(path.join(root, 'node_modules/.bin/lighthouse'), args, {
      env: { ...process.env, CHROME_PATH: chromium },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (run.status !== 0)
      throw new Error(`lighthouse ${url} exited with ${run.status}:\n${run.stderr}`);
    const lhr = JSON.parse(run.stdout);
    if (reportsDir)
      fs.writeFileSync(
        path.join(
          reportsDir,
          `${rows.length + 1}-${name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}.json`,
        ),
        run.stdout,
      );
    const scores = CATEGORIES.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100));
    const failing = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id);
    rows.push({
      name,
      scores,
      lcp: lhr.audits['largest-contentful-paint']?.displayValue,
      tbt: lhr.audits['total-blocking-time']?.displayValue,
      failing,
    });
  }
} finally {
  await stop(app);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const lighthouseVersion = JSON.parse(
  fs.readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8'),
).version;
console.log(`\nLighthouse ${lighthouseVersion}, mobile (simulated throttling), ${chromium}\n`);
console.log('| page | performance | accessibility | best practices | SEO | LCP | TBT |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const r of rows)
  console.log(`| ${r.name} | ${r.scores.join(' | ')} | ${r.lcp ?? '–'} | ${r.tbt ?? '–'} |`);
for (const r of rows)
  if (r.failing.length) console.log(`  ${r.name}: audits not passed: ${r.failing.join(', ')}`);
