/**
 * A shop's frame in Chromium: the seller reviews the legal templates at /politicas and saves their
 * own terms (1280 and 360 px, axe); a buyer at 360 px finds the cart with its count in the header
 * of the product page and of the shop's site, and the legal pages at the foot of every page and at
 * checkout. No script of ours on the buyer's pages.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { it } from '../../support/e2e';
import {
  DESKTOP,
  expectAccessible,
  MOBILE,
  newContext,
  screenshot,
  useBrowser,
} from '../../support/browser';
import { ApiClient } from '../../support/http';
import { openShop } from '../../support/shop';

const { url } = inject('servers')[0]!;
const port = new URL(url).port;
const browserOf = useBrowser();

const ownScripts = (page: Page) => page.locator('script:not([type="application/ld+json"])').count();

describe('a shop’s frame', () => {
  it('the seller writes their terms; the buyer finds the cart and the policies on every page', async ({
    desktop,
  }) => {
    const seller = desktop;
    const api = new ApiClient(url);
    const token = seller.account.token;
    const { product: taza, subdomain } = await openShop(api, token, { site: true });

    const page = await seller.context.newPage();
    await page.goto(`${url}/politicas`);
    await page.getByRole('heading', { name: 'Políticas de la tienda' }).waitFor();
    const terms = page.getByRole('textbox', { name: 'Términos y condiciones' });
    expect(await terms.inputValue()).toContain(
      'Estos términos rigen las compras en Greda del Sur.',
    );
    await terms.fill(
      'Vendemos piezas únicas hechas a mano.\n\n## Encargos\nLos encargos toman 15 días.',
    );
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Guardar políticas' }).click();
    await page.locator('li.toast').getByText('Políticas guardadas').waitFor();
    await page.getByText('Tu texto.').waitFor();
    await screenshot(page, 'politicas-desktop');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'politicas-mobile');

    const buyer = await newContext(browserOf(), MOBILE);
    const shop = await buyer.newPage();
    await shop.goto(`${url}/shop/${taza.id}`);
    await shop.getByRole('link', { name: 'Carro vacío' }).waitFor();
    await shop.getByRole('button', { name: 'Agregar al carro' }).click();
    await shop.getByText('Agregaste «Taza de greda» al carro.').waitFor();
    await shop.getByRole('checkbox', { name: /Acepto los términos y condiciones/ }).waitFor();
    await shop.getByRole('link', { name: 'Taza de greda' }).click();
    await shop.getByRole('link', { name: 'Carro 1 producto' }).waitFor();
    expect(await ownScripts(shop)).toBe(0);
    await expectAccessible(shop);
    await screenshot(shop, 'producto-con-carro-mobile');
    await shop.getByRole('link', { name: 'Términos y condiciones' }).click();
    await shop.getByRole('heading', { name: 'Encargos' }).waitFor();
    await shop.getByText('Los encargos toman 15 días.').waitFor();
    await expectAccessible(shop);
    await screenshot(shop, 'terminos-tienda-mobile');

    // Inside the shop's site: its own cart (a subdomain of the app's address has its own cookie
    // here) and the same policies.
    const sitePage = await buyer.newPage();
    await sitePage.goto(`http://${subdomain}.localhost:${port}/shop/${taza.slug}`);
    await sitePage.getByRole('button', { name: 'Agregar al carro' }).click();
    await sitePage.getByRole('link', { name: '← Seguir comprando' }).click();
    await sitePage.getByRole('link', { name: 'Carro 1 producto' }).waitFor();
    await sitePage.getByRole('link', { name: 'Cambios y devoluciones' }).click();
    await sitePage.getByRole('heading', { name: 'Derecho a retracto' }).waitFor();
    expect(await ownScripts(sitePage)).toBe(0);
    await expectAccessible(sitePage);
    await screenshot(sitePage, 'devoluciones-sitio-mobile');
    // The privacy template: the shop answers for the buyer's data under Ley 21.719.
    await sitePage.getByRole('link', { name: 'Política de privacidad' }).click();
    await sitePage.getByRole('heading', { name: 'Tus derechos' }).waitFor();
    await sitePage
      .getByText('Agencia de Protección de Datos Personales', { exact: false })
      .waitFor();
    expect(await ownScripts(sitePage)).toBe(0);
    await expectAccessible(sitePage);
    await screenshot(sitePage, 'privacidad-sitio-mobile');
    await sitePage.setViewportSize(DESKTOP);
    await screenshot(sitePage, 'privacidad-sitio-desktop');
    await buyer.close();
    await seller.context.close();
  });
});
