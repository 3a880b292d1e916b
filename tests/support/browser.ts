/** Debian's Chromium driven by playwright-core, and the accessibility check every page gets. */
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { ROOT } from './server';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Launches headless Chromium with the flags this machine's closed network needs. */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 360, height: 740 };
/** A phone's browser, as a shop's visitors announce themselves. */
export const PERSON_AGENT =
  'Mozilla/5.0 (Linux; Android 14; moto g) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

/**
 * A new context (fresh storage) at `viewport`, with Spanish (Chile) as the browser language.
 * `userAgent: PERSON_AGENT` for a visit the shop's figures count (headless Chromium is a bot there).
 */
export function newContext(
  browser: Browser,
  viewport = DESKTOP,
  options: { javaScriptEnabled?: boolean; userAgent?: string } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    viewport,
    locale: 'es-CL',
    timezoneId: 'America/Santiago',
    ...options,
  });
}

/** Fails when the page scrolls sideways: something is wider than the viewport. */
export async function expectFitsWidth(page: Page): Promise<void> {
  const { scroll, width, widest } = await page.evaluate(() => {
    const width = window.innerWidth;
    // Name an element that overflows (the last in the document), so a failure says where to look.
    const wide = [...document.body.querySelectorAll('*')].findLast(
      (el) => el.getBoundingClientRect().right > width + 1,
    );
    const widest = wide ? `${wide.tagName.toLowerCase()}.${wide.className}` : '';
    return { scroll: document.documentElement.scrollWidth, width, widest };
  });
  expect(scroll, `page width at ${page.url()} (${widest})`).toBeLessThanOrEqual(width);
}

/** Fails on any serious or critical axe-core violation. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    ),
  ).toEqual([]);
}

/**
 * Looks at `page` at 360 and 1280 px, ending at 1280: nothing wider than the screen, axe clean,
 * a screenshot each (`{name}-mobile`, `{name}-desktop`).
 */
export async function lookAtBothWidths(page: Page, name: string): Promise<void> {
  for (const [size, viewport] of [
    ['mobile', MOBILE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await expectFitsWidth(page);
    await expectAccessible(page);
    await screenshot(page, `${name}-${size}`);
  }
}

/**
 * Looks at `at` as `lookAtBothWidths` does, from a second browser with script on the same
 * session: a test that runs with JavaScript off cannot run axe in its own page.
 */
export async function lookWithScript(
  browser: Browser,
  baseUrl: string,
  account: { token: string; user: unknown },
  at: string,
  name: string,
): Promise<void> {
  const looking = await sessionContext(browser, baseUrl, account, MOBILE);
  const look = await looking.newPage();
  await look.goto(at);
  await lookAtBothWidths(look, name);
  await looking.close();
}

/**
 * Saves a full-page screenshot under screenshots/ for people to look at, when asked
 * (`SCREENSHOTS=1`): a full-page capture costs a second on a busy core, and CI reads none.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOTS !== '1') return;
  const dir = path.join(ROOT, 'screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** Collects what the page logs to the console as errors. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/** Holds every island script 2.5 s, as a slow phone would: what is typed meanwhile meets server-rendered fields. */
export async function delayScripts(context: BrowserContext): Promise<void> {
  await context.route('**/_astro/*.js', async (route) => {
    await new Promise((r) => setTimeout(r, 2500));
    await route.continue();
  });
}

/** Waits until every island on the page has hydrated, and checks that React DOM did it (each one is a React root). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
  const notReact = await page.evaluate(() =>
    [...document.querySelectorAll('astro-island')]
      .filter((island) => !Object.keys(island).some((key) => key.startsWith('__reactContainer$')))
      .map((island) => island.getAttribute('component-url')),
  );
  expect(notReact).toEqual([]);
}

/** A browser context signed in as a new account (session cookie + stored token), and that account. */
export async function signedInContext(
  browser: Browser,
  baseUrl: string,
  viewport = DESKTOP,
  fields: Partial<{ email: string; full_name: string }> = {},
  options: { javaScriptEnabled?: boolean } = {},
) {
  const { ApiClient } = await import('./http');
  const account = await new ApiClient(baseUrl).register(fields);
  const context = await sessionContext(browser, baseUrl, account, viewport, options);
  return { context, account };
}

/**
 * A new seller at 360 px with JavaScript off (every form must work before its island), and a
 * second context of the same account with it on, to look at pages (axe needs scripts).
 */
export async function sellerWithoutScript(browser: Browser, baseUrl: string) {
  const { context, account } = await signedInContext(
    browser,
    baseUrl,
    MOBILE,
    {},
    {
      javaScriptEnabled: false,
    },
  );
  const looking = await sessionContext(browser, baseUrl, account, MOBILE);
  return {
    account,
    page: await context.newPage(),
    view: await looking.newPage(),
    close: () => Promise.all([context.close(), looking.close()]),
  };
}

/** A context signed in as the account behind `token` (its session cookie, as after a sign-in). */
export async function sessionContext(
  browser: Browser,
  baseUrl: string,
  account: { token: string; user: unknown },
  viewport = DESKTOP,
  options: { javaScriptEnabled?: boolean } = {},
): Promise<BrowserContext> {
  const context = await newContext(browser, viewport, options);
  await context.addCookies([
    {
      name: 'impulsa_session',
      value: account.token,
      url: baseUrl,
      httpOnly: true,
      sameSite: 'Lax',
    },
  ]);
  // As a browser signed in by the cookie holds it: a marker, never the credential.
  await context.addInitScript(
    ([user]) => {
      if (!localStorage.getItem('impulsa:auth'))
        localStorage.setItem('impulsa:auth', JSON.stringify({ token: 'cookie', user }));
    },
    [account.user] as const,
  );
  return context;
}

/** The file's browser, which `useBrowser` launches (each test file runs in its own module graph). */
let fileBrowser: Browser | undefined;

/** Launches one browser for the test file (closed after it); call at the top of a file. */
export function useBrowser(extraArgs: string[] = []): () => Browser {
  beforeAll(async () => {
    fileBrowser = await launchBrowser(extraArgs);
  });
  // A failed test leaves what its pages showed, whether or not screenshots were asked for.
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail' || !fileBrowser) return;
    const pages = fileBrowser.contexts().flatMap((context) => context.pages());
    const name = task.name.replace(/[^\w-]+/g, '-').slice(0, 60);
    const dir = path.join(ROOT, 'screenshots');
    fs.mkdirSync(dir, { recursive: true });
    for (const [i, page] of pages.entries())
      await page
        .screenshot({
          path: path.join(dir, `fallo-${name}-${i}.png`),
          fullPage: true,
          timeout: 5_000,
        })
        .catch(() => {});
  });
  afterAll(async () => {
    await fileBrowser?.close();
    fileBrowser = undefined;
  });
  return currentBrowser;
}

/** The browser `useBrowser` launched for this file. */
export function currentBrowser(): Browser {
  if (!fileBrowser) throw new Error('No browser: call useBrowser() at the top of the test file.');
  return fileBrowser;
}

/**
 * Opens the dashboard as a staff member an operator added: the first time, the app asks for the
 * terms in force (`/terminos/aceptar`), which the person accepts; after that it goes straight on.
 * The e2e files share that account, so whichever runs first sees the question.
 */
export async function enterAcceptingTerms(
  page: Page,
  baseUrl: string,
  shot: string,
): Promise<void> {
  await page.goto(`${baseUrl}/dashboard`);
  if (new URL(page.url()).pathname === '/terminos/aceptar') {
    await expectAccessible(page);
    const size = page.viewportSize();
    for (const [name, viewport] of [
      ['mobile', MOBILE],
      ['desktop', DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      await screenshot(page, `${shot}-${name}`);
    }
    if (size) await page.setViewportSize(size);
    await page
      .getByRole('button', { name: 'Acepto los términos y la política de privacidad' })
      .click();
    await page.waitForURL(`${baseUrl}/dashboard`);
  }
}

/**
 * «Confirmar pedido» as a buyer does it: the shop's terms are a required checkbox (Ley 19.496), so
 * it is ticked first.
 */
export async function confirmOrder(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: /Acepto los términos y condiciones/ }).check();
  await page.getByRole('button', { name: 'Confirmar pedido' }).click();
}
