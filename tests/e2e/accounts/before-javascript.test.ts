/**
 * Safe before JavaScript: the sign-in form posts (never a GET with the password in the URL),
 * works with JavaScript off, and keeps what was typed while the island was still loading.
 */
import type { BrowserContext } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  delayScripts,
  DESKTOP,
  expectAccessible,
  MOBILE,
  screenshot,
  signedInContext,
  waitForHydration,
  useBrowser,
} from '../../support/browser';
import { ApiClient } from '../../support/http';

const { url } = inject('servers')[0]!;
const browserOf = useBrowser();

/** A context whose requests are all recorded, to prove no credential ever travels in a URL. */
async function recordingContext(options: {
  javaScriptEnabled: boolean;
  viewport?: typeof DESKTOP;
}): Promise<{ context: BrowserContext; urls: string[] }> {
  const context = await browserOf().newContext({
    viewport: options.viewport ?? DESKTOP,
    javaScriptEnabled: options.javaScriptEnabled,
    locale: 'es-CL',
  });
  const urls: string[] = [];
  context.on('request', (r) => urls.push(r.url()));
  return { context, urls };
}

describe('sign-in before JavaScript', () => {
  it('with JavaScript off: a wrong password keeps the email; the right one signs in', async () => {
    const { user, password } = await new ApiClient(url).register();
    const { context, urls } = await recordingContext({
      javaScriptEnabled: false,
      viewport: MOBILE,
    });
    const page = await context.newPage();
    await page.goto(`${url}/login`);
    await page.getByLabel('Correo electrónico').fill(user.email);
    await page.getByLabel('Contraseña', { exact: true }).fill('no-es-la-clave');
    await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
    await page.getByText('El correo o la contraseña no son correctos.').waitFor();
    expect(await page.getByLabel('Correo electrónico').inputValue()).toBe(user.email);
    await screenshot(page, 'login-refused-no-js-mobile');

    await page.getByLabel('Contraseña', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
    await page.waitForURL(`${url}/dashboard`);
    await page.getByRole('heading', { level: 1, name: /^Hola, / }).waitFor();
    expect(
      urls.some((u) => u.includes('password') || u.includes(encodeURIComponent(user.email))),
    ).toBe(false);
    await context.close();
  });

  it('typed while the island loads (every script 2.5 s late): the text is kept, and signing in works', async () => {
    const { user, password } = await new ApiClient(url).register();
    const { context, urls } = await recordingContext({ javaScriptEnabled: true });
    await delayScripts(context);
    const page = await context.newPage();
    await page.goto(`${url}/login`, { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Correo electrónico').fill(user.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(password);
    expect(await page.evaluate(() => document.querySelector('astro-island[ssr]') !== null)).toBe(
      true,
    );
    await waitForHydration(page);
    expect(await page.getByLabel('Correo electrónico').inputValue()).toBe(user.email);
    expect(await page.getByLabel('Contraseña', { exact: true }).inputValue()).toBe(password);
    await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
    await page.waitForURL(`${url}/dashboard`);
    expect(urls.some((u) => u.includes('password='))).toBe(false);
    await context.close();
  });

  it("the server's refusal page is accessible and looks finished at both widths", async () => {
    const { user } = await new ApiClient(url).register();
    const { context } = await recordingContext({ javaScriptEnabled: true });
    const page = await context.newPage();
    await page.goto(`${url}/login`);
    await waitForHydration(page);
    await page.getByLabel('Correo electrónico').fill(user.email);
    await page.getByLabel('Contraseña', { exact: true }).fill('no-es-la-clave');
    // The browser's own submit, as before hydration: the island's handler does not run.
    await page.evaluate(() =>
      HTMLFormElement.prototype.submit.call(document.forms.namedItem('login')),
    );
    await page.getByText('El correo o la contraseña no son correctos.').waitFor();
    await waitForHydration(page);
    expect(await page.getByLabel('Correo electrónico').inputValue()).toBe(user.email);
    await expectAccessible(page);
    await screenshot(page, 'login-refused-desktop');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'login-refused-mobile');
    await context.close();
  });

  it('sign-up with JavaScript off lands on the dashboard with the welcome', async () => {
    const { context, urls } = await recordingContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${url}/registrate`);
    await page.getByLabel('Nombre completo').fill('Valentina Muñoz');
    await page.getByLabel('Correo electrónico').fill(`sin-js-${Date.now()}@ejemplo.cl`);
    await page.getByLabel('Contraseña', { exact: true }).fill('corta');
    await page.getByRole('button', { name: 'Crear mi cuenta' }).click();
    await page.getByText('No pudimos crear tu cuenta').waitFor();
    expect(await page.getByLabel('Nombre completo').inputValue()).toBe('Valentina Muñoz');
    await page.getByLabel('Contraseña', { exact: true }).fill('una-clave-segura');
    await page.getByRole('button', { name: 'Crear mi cuenta' }).click();
    await page.waitForURL(`${url}/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Hola, Valentina' }).waitFor();
    expect(urls.some((u) => u.includes('password') || u.includes('una-clave'))).toBe(false);
    await context.close();
  });

  it('sign-out with JavaScript off ends the session and lands on /login', async () => {
    const { context, account } = await signedInContext(
      browserOf(),
      url,
      MOBILE,
      {},
      { javaScriptEnabled: false },
    );
    const page = await context.newPage();
    await page.goto(`${url}/perfil`);
    await page.getByRole('button', { name: 'Cerrar sesión' }).last().click();
    await page.waitForURL(`${url}/login`);
    await page.getByRole('heading', { level: 1, name: 'Ingresa a tu cuenta' }).waitFor();
    // The token is revoked, not only the cookie dropped.
    expect(
      (await new ApiClient(url).request('GET', '/api/users/me/', { token: account.token })).status,
    ).toBe(401);
    await page.goto(`${url}/dashboard`);
    await page.waitForURL(`${url}/login`);
    await context.close();
  });
});
