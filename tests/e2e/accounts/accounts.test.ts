import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  DESKTOP,
  expectAccessible,
  MOBILE,
  newContext,
  screenshot,
  waitForHydration,
  useBrowser,
} from '../../support/browser';
import { ApiClient, uniqueEmail } from '../../support/http';
import { resetLinkIn, waitForMail } from '../../support/smtp';

const { url } = inject('servers')[0]!;
const mailDir = inject('mailDir');
const browserOf = useBrowser();

async function registerThroughForm(
  page: Page,
  email: string,
  name = 'Valentina Muñoz',
  password = 'una-clave-segura',
) {
  await waitForHydration(page);
  await page.getByLabel('Nombre completo').fill(name);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Crear mi cuenta' }).click();
}

async function loginThroughForm(page: Page, email: string, password: string) {
  await waitForHydration(page);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
}

const storedToken = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('impulsa:auth') ?? 'null')?.token ?? null);

describe('accounts in the browser', () => {
  it('register → /dashboard with the name, the token stored, and the header signed in', async () => {
    const context = await newContext(browserOf());
    const page = await context.newPage();
    await page.goto(`${url}/registrate`);
    await registerThroughForm(page, uniqueEmail('registro'));
    await page.waitForURL(`${url}/dashboard`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Hola, Valentina',
    );
    // The browser stores a marker: the credential is the HttpOnly cookie, out of reach of scripts.
    expect(await storedToken(page)).toBe('cookie');
    const session = (await context.cookies()).find((c) => c.name.endsWith('impulsa_session'));
    expect(session?.httpOnly).toBe(true);
    const everything = await page.evaluate(
      () => JSON.stringify({ ...localStorage }) + document.cookie,
    );
    expect(everything).not.toContain(session!.value);
    await page.getByText('Formación de empresa').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'dashboard-desktop');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'dashboard-mobile');
    await context.close();
  });

  it('inline validation in Spanish, and the server message in a toast on a failed login', async () => {
    const context = await newContext(browserOf());
    const page = await context.newPage();
    await page.goto(`${url}/login`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
    await page.getByText('Escribe tu correo electrónico.').waitFor();
    await page.getByText('Escribe tu contraseña.').waitFor();
    await loginThroughForm(page, uniqueEmail('nadie'), 'cualquier-clave');
    // Above the form, where it stays (a toast would vanish and cover the heading on a phone).
    await page
      .getByRole('alert')
      .getByText('El correo o la contraseña no son correctos.')
      .waitFor();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.locator('li.toast').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/login');
    await expect(page.getByLabel('Correo electrónico').inputValue()).resolves.toContain(
      '@ejemplo.cl',
    );
    await screenshot(page, 'login-error-desktop');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'login-error-mobile');
    await context.close();
  });

  it('signed out /perfil → /login → sign in → back on /perfil; sign-out empties localStorage', async () => {
    const api = new ApiClient(url);
    const { user, password } = await api.register({ full_name: 'Tomás Herrera' });
    const context = await newContext(browserOf());
    const page = await context.newPage();
    await page.goto(`${url}/perfil`);
    expect(new URL(page.url()).pathname).toBe('/login');
    await expectAccessible(page);
    await loginThroughForm(page, user.email, password);
    await page.waitForURL(`${url}/perfil`);
    await page.getByRole('heading', { name: 'Mi perfil' }).waitFor();
    await waitForHydration(page);
    await expectAccessible(page);
    await screenshot(page, 'perfil-desktop');
    // «Mis datos»: the file downloads with the person's own profile in it.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Descargar mis datos (JSON)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^impulsa-mis-datos-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(
      await new Promise<string>((resolve, reject) => {
        void download.createReadStream().then((stream) => {
          let text = '';
          stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
          stream.on('end', () => resolve(text));
          stream.on('error', reject);
        }, reject);
      }),
    ) as { profile: { email: string } };
    expect(exported.profile.email).toBe(user.email);
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'perfil-mobile');
    await page.setViewportSize(DESKTOP);

    await page.evaluate(() => localStorage.setItem('otra-cosa', '1'));
    await page.getByRole('main').getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.waitForURL(`${url}/login`);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await page.goto(`${url}/perfil`);
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('quick start signed out → /registrate → register → back in the formation path', async () => {
    const context = await newContext(browserOf(), MOBILE);
    const page = await context.newPage();
    await page.goto(`${url}/`);
    await waitForHydration(page);
    await page.getByLabel('Nombre de tu empresa').fill('Café del Puerto');
    await page.getByRole('radio', { name: /^Ltda\./ }).check();
    await page.getByRole('button', { name: 'Comenzar la constitución' }).click();
    await page.waitForURL(`${url}/registrate`);
    await page.getByText('Un paso más').waitFor();
    await screenshot(page, 'registrate-quickstart-mobile');
    await registerThroughForm(page, uniqueEmail('quick'));
    await page.waitForURL((u) => u.pathname.startsWith('/modelo-de-negocio/ltda'));
    await context.close();
  });

  it('password reset through the real mail: link, new password, old sessions gone, sign in', async () => {
    const api = new ApiClient(url);
    const { user } = await api.register({ full_name: 'Paula Reyes' });
    const context = await newContext(browserOf(), MOBILE);
    const page = await context.newPage();
    await page.goto(`${url}/login/forgot-password`);
    await waitForHydration(page);
    await expectAccessible(page);
    await screenshot(page, 'forgot-password-mobile');
    await page.getByLabel('Correo electrónico').fill(user.email);
    await page.getByRole('button', { name: 'Enviarme el enlace' }).click();
    await page.getByText('Revisa tu correo').waitFor();

    const link = resetLinkIn(await waitForMail(mailDir, user.email));
    await page.goto(link);
    await waitForHydration(page);
    await expectAccessible(page);
    await screenshot(page, 'reset-password-mobile');
    await page.getByLabel('Nueva contraseña', { exact: true }).fill('mi-clave-nueva');
    await page.getByLabel('Repite la nueva contraseña').fill('otra-distinta');
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await page.getByText('Las contraseñas no coinciden.').waitFor();
    await page.getByLabel('Repite la nueva contraseña').fill('mi-clave-nueva');
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await page.waitForURL(`${url}/login`);
    await page.locator('li.toast').getByText('Contraseña cambiada').waitFor();

    await loginThroughForm(page, user.email, 'mi-clave-nueva');
    await page.waitForURL(`${url}/dashboard`);
    await context.close();
  });

  it('Google sign-in in a popup against the local OpenID provider links the existing account', async () => {
    const api = new ApiClient(url);
    const email = uniqueEmail('google');
    const { user } = await api.register({ email, full_name: 'Javiera Google' });
    const context = await newContext(browserOf());
    const page = await context.newPage();
    await page.goto(`${url}/login`);
    await waitForHydration(page);
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Continuar con Google' }).click(),
    ]);
    await popup.waitForLoadState();
    await popup.locator('input[name="login"]').fill(email);
    await popup.locator('input[name="password"]').fill('lo-que-sea');
    await popup.locator('button[type="submit"]').click();
    await popup.locator('button[type="submit"]').waitFor();
    await popup.locator('button[type="submit"]').click();
    await popup.waitForEvent('close');
    await page.waitForURL(`${url}/dashboard`);
    const me = await page.evaluate(async () => (await fetch('/api/users/me/')).json());
    expect(me).toMatchObject({ id: user.id, email });
    expect(await storedToken(page)).toBeTruthy();
    await context.close();
  });

  it('?source=contable.transbank → after registering, is_transbank_referral is true', async () => {
    const context = await newContext(browserOf());
    const page = await context.newPage();
    await page.goto(`${url}/landing?source=contable.transbank`);
    await page.goto(`${url}/registrate`);
    await registerThroughForm(page, uniqueEmail('transbank'));
    await page.waitForURL(`${url}/dashboard`);
    expect(await page.evaluate(() => localStorage.getItem('impulsa:referral-source'))).toBe(
      'transbank',
    );
    const me = await page.evaluate(async () => (await fetch('/api/users/me/')).json());
    expect(me.is_transbank_referral).toBe(true);
    await context.close();
  });

  it('a revoked token sends the person to /login', async () => {
    const api = new ApiClient(url);
    const { user, password } = await api.register();
    const context = await newContext(browserOf());
    const page = await context.newPage();
    await page.goto(`${url}/login`);
    await loginThroughForm(page, user.email, password);
    await page.waitForURL(`${url}/dashboard`);
    await page.goto(`${url}/perfil`);
    await waitForHydration(page);
    const token = (await context.cookies()).find((c) => c.name.endsWith('impulsa_session'))!.value;
    // Revoked elsewhere (another device signs this session out).
    expect(
      (await api.post('/api/users/logout/', undefined, { token, useCookies: false })).status,
    ).toBe(200);
    await page.getByLabel('Nombre completo').fill('Nombre Nuevo');
    await page.getByRole('button', { name: 'Guardar nombre' }).click();
    await page.waitForURL(`${url}/login`);
    expect(await storedToken(page)).toBeNull();
    await context.close();
  });

  it('auth pages are accessible and look finished at both widths', async () => {
    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const) {
      const context = await newContext(browserOf(), viewport);
      const page = await context.newPage();
      for (const path of ['/login', '/registrate']) {
        await page.goto(url + path);
        await waitForHydration(page);
        await expectAccessible(page);
        await screenshot(page, `${path.slice(1)}-${name}`);
      }
      await context.close();
    }
  });
});
