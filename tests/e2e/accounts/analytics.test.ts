/**
 * Analytics (docs/spec.md §4) by consent (issue 48): nothing reaches PostHog, nor our /ingest/ph
 * proxy, until the person accepts on the banner; then the real posthog-js in Chromium identifies
 * the user (id, email, name, referral flag) through the proxy. A local HTTP server stands in for
 * PostHog's cloud and decodes what it receives.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, waitForHydration } from '../../support/browser';
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
/** Every request PostHog's stand-in received, in order. */
const requests: string[] = [];

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

interface FlagsRequest {
  distinct_id?: string;
  person_properties?: Record<string, unknown>;
}
const FLAG = 'transbank-referral';

/**
 * PostHog's `/flags/?v=2` answer, evaluated as a flag released to persons with
 * `is_transbank_referral = true` would be: from the person properties the client sends.
 */
function flagsAnswer(request: FlagsRequest | undefined) {
  const enabled = request?.person_properties?.is_transbank_referral === true;
  return {
    flags: {
      [FLAG]: {
        key: FLAG,
        enabled,
        variant: null,
        reason: { code: enabled ? 'condition_match' : 'no_condition_match' },
        metadata: { id: 1, version: 1, payload: null },
      },
    },
    errorsWhileComputingFlags: false,
    requestId: 'impulsa-test',
  };
}

beforeAll(async () => {
  fake = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      requests.push(req.url!);
      const url = new URL(req.url!, 'http://fake');
      const body = decode(url, Buffer.concat(chunks));
      res.writeHead(200, { 'Content-Type': 'application/json' });
      if (url.pathname.startsWith('/flags')) {
        res.end(JSON.stringify(flagsAnswer(body[0] as FlagsRequest | undefined)));
        return;
      }
      if (req.method === 'POST' && chunks.length) events.push(...(body as Event[]));
      res.end(JSON.stringify({ status: 1 }));
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

const PERSON =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
/** Accepts analytics on the consent banner: a plain form, so it works before any island hydrates. */
async function acceptAnalytics(page: Page): Promise<void> {
  const banner = page.getByRole('region', { name: 'Tu privacidad' });
  await Promise.all([
    page.waitForEvent('load'),
    banner.getByRole('button', { name: 'Aceptar analítica' }).click(),
  ]);
  await banner.waitFor({ state: 'detached' });
}

const idOf = (e: Event) => e.distinct_id ?? (e.properties?.distinct_id as string | undefined);

describe('analytics', () => {
  it('sends nothing to PostHog nor to the proxy before consent, and starts once the person accepts', async () => {
    const context = await browser.newContext({ locale: 'es-CL', userAgent: PERSON });
    const page = await context.newPage();
    const proxied: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/ingest/')) proxied.push(r.url());
    });
    const before = requests.length;
    await page.goto(`${app.url}/landing`);
    const banner = page.getByRole('region', { name: 'Tu privacidad' });
    await banner.waitFor();
    await screenshot(page, 'consent-banner-desktop');
    await page.setViewportSize({ width: 360, height: 740 });
    await page.screenshot({ path: 'screenshots/consent-banner-mobile.png' });
    // Declining and accepting weigh the same.
    const [yes, no] = [
      banner.getByRole('button', { name: 'Aceptar analítica' }),
      banner.getByRole('button', { name: 'Rechazar' }),
    ];
    expect(await yes.getAttribute('class')).toBe(await no.getAttribute('class'));
    await page.waitForTimeout(1_500);
    expect(proxied).toEqual([]);
    expect(requests.length).toBe(before);
    await acceptAnalytics(page);
    await expect.poll(() => requests.length, { timeout: 15_000 }).toBeGreaterThan(before);
    expect(proxied.length).toBeGreaterThan(0);
    await context.close();
  });

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
    await acceptAnalytics(page);
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
    // The flag is off for her: the Webpay card stays hidden.
    await page.waitForTimeout(500);
    expect(await page.getByText('Llegaste con Transbank').isVisible()).toBe(false);
    await context.close();
  });

  it('a sign-up as a plain form settles the referral and identifies on the next page', async () => {
    const context = await browser.newContext({ locale: 'es-CL', userAgent: PERSON });
    const page = await context.newPage();
    const email = uniqueEmail('sin-isla');
    await page.goto(`${app.url}/registrate?source=contable.transbank`);
    await acceptAnalytics(page);
    await page.getByLabel('Nombre completo').fill('Tomás Formulario');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill('una-clave-segura');
    // The browser's own submit, as before hydration: the island's handler never runs.
    await Promise.all([
      page.waitForURL(`${app.url}/dashboard`),
      page.evaluate(() => HTMLFormElement.prototype.submit.call(document.querySelector('form'))),
    ]);
    const me = await page.evaluate(async () => (await fetch('/api/users/me/')).json());
    expect(me.is_transbank_referral).toBe(true);
    await expect
      .poll(() => events.find((e) => e.event === '$identify' && idOf(e) === String(me.id)), {
        timeout: 15_000,
      })
      .toBeTruthy();
    await page.getByText('Llegaste con Transbank').waitFor();
    await screenshot(page, 'dashboard-transbank-flag-desktop');
    // Once: the cookie that asked for it is gone.
    expect((await context.cookies()).some((c) => c.name === 'impulsa_identify')).toBe(false);
    await context.close();
  });
});
