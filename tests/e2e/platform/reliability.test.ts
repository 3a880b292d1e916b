/**
 * What issue 45 changed, as people meet it in Chromium at 360 and 1280 px: the seller's order page
 * says whether each mail went; the staff's «Envíos»; a form sent after the session ended lands on
 * the sign-in page and comes back to the page after it; the mailed link that lets a new browser
 * in while someone guesses passwords; /cobros saying Webpay refused a key.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, inject } from 'vitest';
import { it } from '../../support/e2e';
import {
  DESKTOP,
  enterAcceptingTerms,
  expectAccessible,
  MOBILE,
  newContext,
  screenshot,
  sessionContext,
  useBrowser,
} from '../../support/browser';
import { ApiClient } from '../../support/http';
import { openShop } from '../../support/shop';
import { WEBPAY_COMMERCE_CODE } from '../../support/webpay';

const { url } = inject('servers')[0]!;
const staff = inject('staff');
const browserOf = useBrowser();

describe('what is promised is kept', () => {
  it("the seller sees the order's mails go; the staff see «Envíos»", async ({ phone }) => {
    const seller = phone;
    const api = new ApiClient(url);
    const { product } = await openShop(api, seller.account.token);
    const order = (
      await new ApiClient(url).post('/api/orders/', {
        items: [{ product: product.id, quantity: 1 }],
        buyer: { name: 'Camila Soto', email: 'camila@ejemplo.cl', phone: '9 8765 4321' },
        delivery: { method: 'retiro' },
        payment_method: 'transferencia',
      })
    ).body;
    const page = await seller.context.newPage();
    await expect
      .poll(
        async () => {
          await page.goto(`${url}/ordenes/${order.id}`);
          return page.getByText('Enviado', { exact: true }).count();
        },
        { timeout: 10_000 },
      )
      .toBe(2);
    const mails = page.getByRole('region', { name: 'Correos' });
    await mails.getByText('Para camila@ejemplo.cl').waitFor();
    await expectAccessible(page);
    await mails.scrollIntoViewIfNeeded();
    await screenshot(page, 'orden-correos-mobile');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'orden-correos-desktop');

    const login = await api.post('/api/users/login/', {
      email: staff.email,
      password: staff.password,
    });
    const office = await (await sessionContext(browserOf(), url, login.body, MOBILE)).newPage();
    await enterAcceptingTerms(office, url, 'terminos-aceptar');
    await office.setViewportSize(DESKTOP);
    await office.goto(`${url}/backoffice`);
    await office.getByRole('link', { name: 'Envíos: correos pendientes o fallidos' }).click();
    await office.getByRole('heading', { name: 'Envíos', exact: true }).waitFor();
    await office.getByRole('heading', { name: 'Fallidos' }).waitFor();
    await expectAccessible(office);
    await screenshot(office, 'envios-desktop');
    await office.setViewportSize(MOBILE);
    await screenshot(office, 'envios-mobile');
    // A seller is not staff: there is no such page for them.
    expect((await page.goto(`${url}/backoffice/envios`))!.status()).toBe(404);
  });

  it('a form sent after the session ended goes to sign in, then back to the page', async ({
    phone,
  }) => {
    const seller = phone;
    const page = await seller.context.newPage();
    await page.goto(`${url}/descuentos`);
    await page.getByRole('textbox', { name: 'Código', exact: true }).fill('VERANO-10');
    // The session ends elsewhere (signed out on another device).
    await new ApiClient(url).post('/api/users/logout/', undefined, {
      token: seller.account.token,
    });
    await page.getByRole('button', { name: 'Crear código' }).click();
    await page.waitForURL(/\/login$/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await screenshot(page, 'sesion-vencida-login-mobile');
    await page.getByLabel('Correo electrónico').fill(seller.account.user.email);
    await page.getByLabel('Contraseña').fill(seller.account.password);
    await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
    await page.waitForURL(/\/descuentos$/);
  });

  it('the unlock page works without JavaScript and says when a link is no good', async () => {
    for (const [viewport, name, javaScriptEnabled] of [
      [MOBILE, 'mobile', false],
      [DESKTOP, 'desktop', true],
    ] as const) {
      const context = await newContext(browserOf(), viewport, { javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(`${url}/login/desbloquear?token=ya-no-sirve`);
      await page.getByRole('heading', { name: 'Ingresar desde este dispositivo' }).waitFor();
      // axe runs as a script: only where scripts run.
      if (javaScriptEnabled) await expectAccessible(page);
      await screenshot(page, `desbloquear-${name}`);
      await page.getByRole('button', { name: 'Este navegador es mío' }).click();
      await page.getByRole('alert').getByText('no es válido o ya expiró').waitFor();
      await screenshot(page, `desbloquear-invalido-${name}`);
      await context.close();
    }
  });

  it('/cobros says when Webpay does not know the key, and checkout leaves Webpay out', async ({
    desktop,
  }) => {
    const seller = desktop;
    const page = await seller.context.newPage();
    await page.goto(`${url}/cobros`);
    await page.getByLabel('Código de comercio').fill(WEBPAY_COMMERCE_CODE);
    await page.getByLabel('Llave secreta (API Key Secret)').fill('X'.repeat(64));
    await page.getByRole('button', { name: 'Guardar cuenta Webpay' }).click();
    await page
      .locator('li.toast')
      .getByText('Cuenta guardada, pero Webpay no la reconoce')
      .waitFor();
    await page.getByText('Webpay la rechazó', { exact: true }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'cobros-rechazada-desktop');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'cobros-rechazada-mobile');
  });

  it('a promise nobody caught in the browser reaches the person as a toast', async ({ phone }) => {
    const seller = phone;
    const page = await seller.context.newPage();
    await page.goto(`${url}/dashboard`);
    await page.waitForFunction(() =>
      [...document.querySelectorAll('astro-island')].every((i) => !i.hasAttribute('ssr')),
    );
    await page.evaluate(() => void Promise.reject(new Error('sin capturar')));
    await page.locator('li.toast').getByText('Ocurrió un error').waitFor();
    await screenshot(page, 'error-sin-capturar-mobile');
  });

  it("a phone's 12-megapixel photo over 10 MB is made fit in the browser and uploads", async ({
    phone,
  }) => {
    const photo = await sharp(randomBytes(4000 * 3000 * 3), {
      raw: { width: 4000, height: 3000, channels: 3 },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(photo.length).toBeGreaterThan(10 * 1024 * 1024);
    const seller = phone;
    const page = await seller.context.newPage();
    await page.goto(`${url}/productos/nuevo`);
    await page.waitForFunction(() =>
      [...document.querySelectorAll('astro-island')].every((i) => !i.hasAttribute('ssr')),
    );
    await page
      .getByLabel('Elegir imágenes')
      .setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByRole('button', { name: /^Quitar la imagen/ }).waitFor({ timeout: 30_000 });
    const id = Number((await page.locator('input[name="images"]').inputValue()).split(',')[0]);
    const media = await new ApiClient(url).get(`/api/media/${id}/`, {
      token: seller.account.token,
    });
    expect(media.status).toBe(200);
    expect(Math.max(media.body.width, media.body.height)).toBeLessThanOrEqual(4096);
  }, 90_000);

  it('a 401 in an island that never loaded the auth layer signs out here and goes to /login', async ({
    desktop,
  }) => {
    const seller = desktop;
    const page = await seller.context.newPage();
    await page.goto(`${url}/productos/nuevo`);
    await page.waitForFunction(() =>
      [...document.querySelectorAll('astro-island')].every((i) => !i.hasAttribute('ssr')),
    );
    // The session ends elsewhere; the next upload answers 401.
    await new ApiClient(url).post('/api/users/logout/', undefined, {
      token: seller.account.token,
    });
    const photo = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#c8a' },
    })
      .jpeg()
      .toBuffer();
    await page
      .getByLabel('Elegir imágenes')
      .setInputFiles({ name: 'pan.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.waitForURL(/\/login$/);
  });

  it('a 401 while the lesson player saves the position signs out here and goes to /login', async ({
    desktop,
  }) => {
    const person = desktop;
    const page = await person.context.newPage();
    await page.goto(`${url}/videos/como-validar-tu-idea`);
    await page.waitForFunction(() => document.querySelector('video')!.readyState >= 1);
    await new ApiClient(url).post('/api/users/logout/', undefined, {
      token: person.account.token,
    });
    // A seek while paused saves the position; the server has forgotten the session.
    await page.locator('video').evaluate((v: HTMLVideoElement) => (v.currentTime = 3));
    await page.waitForURL(/\/login$/);
    // The sign-in page's own script forgets the local session: on a loaded machine, seconds.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('impulsa:auth')), { timeout: 10_000 })
      .toBeNull();
  });
});
