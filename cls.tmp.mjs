import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { freePort, startApp, stop } from './scripts/app-fixture.mjs';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cls-'));
const port = await freePort();
const app = await startApp({ DATA_DIR: dataDir, SITE_URL: `http://localhost:${port}` }, port);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  for (const js of [true, false]) {
  const page = await browser.newPage({ viewport: { width: 412, height: 823 }, javaScriptEnabled: js });
  page.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 300)));
  await page.addInitScript(() => { window.__shifts = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__shifts.push({ v: e.value, t: Math.round(e.startTime), src: e.sources?.map((s) => s.node?.nodeName + ' ' + JSON.stringify(s.previousRect) + '→' + JSON.stringify(s.currentRect)) }); }).observe({ type: 'layout-shift', buffered: true }); });
  await page.goto(`http://localhost:${port}/`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  console.log('js', js, JSON.stringify(await page.evaluate(() => window.__shifts), null, 1));
  if (js) await page.screenshot({ path: '/tmp/home-412.png', fullPage: false });
  }
} finally { await browser.close(); await stop(app); }
