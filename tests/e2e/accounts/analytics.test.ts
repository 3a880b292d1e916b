/**
 * Analytics (docs/spec.md §4): after registering, the real posthog-js in Chromium identifies the user
 * (id, email, name, referral flag) through our /ingest/ph proxy; a local HTTP server stands in
 * for PostHog's cloud and decodes what it receives.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, waitForHydration } from '../../support/browser';
import { uniqueEmail } from '../../support/http';
import { startServer, type RunningServer } from '../../support/server';

interface Event {
  event: string;
  distinct_id?: string;
  properties?: Record<string, unknown>;
  $set?: Record<string, unknown>;
}

let fake: http.Server;
let app: RunningServer;
let browser: Browser;
const events: Event[] = [];

function decode(url: URL, raw: Buffer): unknown[] {
  let text: string;
  const gzipped =
    url.searchParams.get('compression') === 'gzip-js' || (raw[0] === 0x1f && raw[1] === 0x8b);
  if (gzipped) text = gunzipSync(raw).toString('utf8');
  else text = raw.toString('utf8');
  if (text.startsWith('data='))
    text = Buffer.from(decodeURIComponent(text.slice(5)), 'base64').toString('utf8');
  try {
    const parsed = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : (parsed.batch ?? [parsed]);
  } catch {
    return [];
  }
}

beforeAll(async () => {
  fake = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://fake');
      if (req.method === 'POST' && chunks.length)
        events.push(...(decode(url, Buffer.concat(chunks)) as Event[]));
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ status: 1, featureFlags: {}, flags: {} }));
    });
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  app = await startServer({
    PUBLIC_POSTHOG_KEY: 'phc_impulsa_test',
    POSTHOG_HOST: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
  });
  // posthog-js also drops events when navigator.webdriver is set, as it is under automation.
  browser = await launchBrowser(['--disable-blink-features=AutomationControlled']);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await new Promise<void>((r) => fake.close(() => r()));
});

describe('analytics', () => {
  it('identifies the user after registering, with id, email, name and referral flag', async () => {
    // …and from user agents it takes for bots, "HeadlessChrome" among them.
    const context = await browser.newContext({
      locale: 'es-CL',
      userAgent:
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
    });
    const page = await context.newPage();
    const email = uniqueEmail('analitica');
    await page.goto(`${app.url}/registrate`);
    await waitForHydration(page);
    await page.getByLabel('Nombre completo').fill('Josefa Analítica');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill('una-clave-segura');
    await page.getByRole('button', { name: 'Crear mi cuenta' }).click();
    await page.waitForURL(`${app.url}/dashboard`);
    const me = await page.evaluate(async () => (await fetch('/api/users/me/')).json());
    await expect
      .poll(
        () =>
          events.find(
            (e) =>
              e.event === '$identify' &&
              (e.distinct_id === String(me.id) || e.properties?.distinct_id === String(me.id)),
          ),
        { timeout: 15_000 },
      )
      .toBeTruthy();
    const identify = events.find((e) => e.event === '$identify')!;
    const set = identify.$set ?? (identify.properties?.$set as Record<string, unknown>);
    expect(set).toMatchObject({ email, name: 'Josefa Analítica', is_transbank_referral: false });
    await context.close();
  });
});
