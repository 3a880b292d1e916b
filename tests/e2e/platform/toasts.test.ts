/**
 * What a person hears when something fails in the browser (issue 63, item 16), in Chromium: a
 * promise or a script error nobody handled is a toast; a sign-out whose browser part fails says
 * so ('Logout failed' when the error has no words); a session that ended elsewhere signs out to
 * /login from the path card's actions and from the new-site form's address check, as every call
 * through the shared client does (docs/spec.md §8).
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, sessionContext, useBrowser, waitForHydration } from '../../support/browser';
import { FINISHED_CANVAS, filledCanvas } from '../../support/canvas';
import { flowShop } from '../../support/flow-buyer';
import { ApiClient } from '../../support/http';

const { url } = inject('servers')[0]!;
const browserOf = useBrowser();

/** A signed-in page at `path`, hydrated. */
async function signedIn(account: { token: string; user: unknown }, path: string) {
  const context = await sessionContext(browserOf(), url, account, DESKTOP);
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  await page.goto(`${url}${path}`);
  await waitForHydration(page);
  return { context, page };
}

const toastWith = (page: Page, text: string) =>
  page
    .getByRole('region', { name: /Notifications/ })
    .getByText(text)
    .first()
    .waitFor();

describe('failures in the browser', () => {
  it('tells of an error nobody handled, and of a sign-out that failed', async () => {
    const account = await new ApiClient(url).register();
    for (const fail of [
      () => void Promise.reject(new Error('nadie la atrapó')),
      () =>
        void setTimeout(() => {
          throw new Error('nadie lo atrapó');
        }),
    ]) {
      const { context, page } = await signedIn(account, '/dashboard');
      await page.evaluate(fail);
      await toastWith(page, 'Algo no funcionó en esta página.');
      await context.close();
    }

    for (const [message, shown] of [
      ['', 'Logout failed'],
      ['El navegador no dejó borrar tus datos', 'El navegador no dejó borrar tus datos'],
    ] as const) {
      const { token } = (
        await new ApiClient(url).post('/api/users/login/', {
          email: account.user.email,
          password: account.password,
        })
      ).body as { token: string };
      const { context, page } = await signedIn({ ...account, token }, '/dashboard');
      await page.evaluate((m) => {
        Storage.prototype.clear = () => {
          throw new Error(m);
        };
      }, message);
      await page.getByRole('button', { name: 'Cerrar sesión' }).first().click();
      await toastWith(page, 'No pudimos cerrar tu sesión');
      await toastWith(page, shown);
      expect(page.url()).toBe(`${url}/dashboard`);
      await context.close();
    }
  });

  it('signs out to /login when the session ended elsewhere', async () => {
    const shop = await flowShop(url);
    await filledCanvas(shop.api, shop.account.token, 'Cerámica', FINISHED_CANVAS);
    const card = await signedIn(shop.account, '/dashboard');
    await new ApiClient(url).post('/api/users/logout/', undefined, { token: shop.account.token });
    await card.page.getByRole('button', { name: 'Probar conexión con Flow' }).click();
    await card.page.waitForURL(`${url}/login`);
    await card.context.close();

    const account = await new ApiClient(url).register();
    const form = await signedIn(account, '/page-builder/editor');
    await new ApiClient(url).post('/api/users/logout/', undefined, { token: account.token });
    await form.page.getByLabel('Dirección').fill('pan-del-puerto');
    await form.page.waitForURL(`${url}/login`);
    await form.context.close();
  });
});
