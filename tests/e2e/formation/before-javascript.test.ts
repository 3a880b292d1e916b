/**
 * The formation flow before JavaScript: the quick start works with JavaScript off (home →
 * /registrate with the company → the formation of that type with the name applied), and step
 * 01 keeps what was typed while its island was still loading, then saves it.
 */
import { describe, expect, inject } from 'vitest';
import { it } from '../../support/e2e';
import {
  delayScripts,
  DESKTOP,
  MOBILE,
  newContext,
  screenshot,
  waitForHydration,
  useBrowser,
} from '../../support/browser';
import { ApiClient, uniqueEmail } from '../../support/http';

const { url } = inject('servers')[0]!;
const browserOf = useBrowser();

describe('quick start with JavaScript off', () => {
  it('asks for the type keeping the name, then signs up and lands on step 01 with the name', async () => {
    const context = await newContext(browserOf(), MOBILE, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${url}/`);
    await page.getByLabel('Nombre de tu empresa').fill('Cerámica Los Andes');
    await page.getByRole('button', { name: 'Comenzar la constitución' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Escribe el nombre y elige el tipo para continuar.' })
      .waitFor();
    expect(await page.getByLabel('Nombre de tu empresa').inputValue()).toBe('Cerámica Los Andes');
    await screenshot(page, 'quick-start-refused-no-js-mobile');

    await page.getByRole('radio', { name: /^EIRL/ }).check();
    await page.getByRole('button', { name: 'Comenzar la constitución' }).click();
    await page.waitForURL(`${url}/registrate`);
    await page.getByText('crea tu cuenta para guardar Cerámica Los Andes (EIRL)').waitFor();
    await screenshot(page, 'quick-start-registrate-no-js-mobile');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'quick-start-registrate-no-js-desktop');
    await page.setViewportSize(MOBILE);

    await page.getByLabel('Nombre completo').fill('Rosa Quispe');
    await page.getByLabel('Correo electrónico').fill(uniqueEmail('quick-sin-js'));
    await page.getByLabel('Contraseña', { exact: true }).fill('una-clave-segura');
    await page.getByRole('button', { name: 'Crear mi cuenta' }).click();
    await page.waitForURL(`${url}/modelo-de-negocio/eirl/01-nombra-tu-empresa`);
    expect(await page.getByLabel('Razón social').inputValue()).toBe('Cerámica Los Andes');
    await screenshot(page, 'quick-start-applied-no-js-mobile');
    // Applied once: the company is forgotten, so a reload shows the stored draft, not a second application.
    expect((await context.cookies()).some((c) => c.name === 'impulsa_quickstart')).toBe(false);
    await context.close();
  });

  it('with JavaScript, a signed-in person gets the name applied and told so', async ({
    desktop,
  }) => {
    const { context } = desktop;
    const page = await context.newPage();
    await page.goto(`${url}/`);
    await waitForHydration(page);
    await page.getByLabel('Nombre de tu empresa').fill('Vinos del Maule');
    await page.getByRole('radio', { name: /^Ltda\./ }).check();
    await page.getByRole('button', { name: 'Comenzar la constitución' }).click();
    await page.waitForURL(/\/ltda\/01-nombra-tu-empresa$/);
    expect(await page.getByLabel('Razón social').inputValue()).toBe('Vinos del Maule');
    await page.getByText('Usamos el nombre que escribiste').first().waitFor();
    await waitForHydration(page);
    expect(
      await page.evaluate(() => localStorage.getItem('impulsa:quick-start-company')),
    ).toBeNull();
    await context.close();
  });
});

describe('formation step 01 before hydration', () => {
  it('keeps the company name typed while every script is 2.5 s late, and saves it', async ({
    phone,
  }) => {
    const { context, account } = phone;
    await delayScripts(context);
    const page = await context.newPage();
    await page.goto(`${url}/modelo-de-negocio/spa/01-nombra-tu-empresa`, {
      waitUntil: 'domcontentloaded',
    });
    await page.getByLabel('Razón social').fill('Panadería Sin Esperas SpA');
    await page.getByLabel('Nombre de fantasía (opcional)').fill('Sin Esperas');
    expect(await page.evaluate(() => document.querySelector('astro-island[ssr]') !== null)).toBe(
      true,
    );
    await waitForHydration(page);
    expect(await page.getByLabel('Razón social').inputValue()).toBe('Panadería Sin Esperas SpA');
    expect(await page.getByLabel('Nombre de fantasía (opcional)').inputValue()).toBe('Sin Esperas');
    await page.getByText('Guardado', { exact: true }).waitFor();
    const api = new ApiClient(url);
    await expect
      .poll(
        async () =>
          (await api.request('GET', '/api/companies/drafts/spa/', { token: account.token })).body
            .data?.companyName,
      )
      .toBe('Panadería Sin Esperas SpA');
    // The reload renders the saved draft on the server.
    await context.unroute('**/_astro/*.js');
    await page.reload({ waitUntil: 'domcontentloaded' });
    expect(await page.getByLabel('Nombre de fantasía (opcional)').inputValue()).toBe('Sin Esperas');
    await context.close();
  });
});
