/**
 * A shop's catalogue on the main domains (`/tienda/{seller}`), for a seller without a site: from a
 * product page the shop's name opens it, its search finds a product without accents, and a result
 * opens the product. Zero JavaScript, accessible, at 360 and 1280 px.
 */
import { describe, expect, inject, it } from 'vitest';
import {
  DESKTOP,
  expectAccessible,
  MOBILE,
  newContext,
  screenshot,
  useBrowser,
} from '../../support/browser';
import { ApiClient } from '../../support/http';
import { jpeg, upload } from '../../support/images';
import { openShop } from '../../support/shop';

const { url } = inject('servers')[0]!;
const browserOf = useBrowser();

describe('a shop’s catalogue on the main domains', () => {
  it('opens from a product page and searches, at both widths', async () => {
    const api = new ApiClient(url);
    const { token } = await api.register();
    const photo = (await upload(url, token, await jpeg(600, 600), 'c.jpg', 'image/jpeg', 'Cojín'))
      .body;
    const { product } = await openShop(api, token, {
      name: 'Telar del Sur',
      product: { name: 'Cojín de lana', images: [photo.id] },
    });
    for (const name of ['Manta de alpaca', 'Bajada de cama'])
      await api.post(
        '/api/products/',
        { name, price: 24990, images: [photo.id], published: true },
        { token },
      );

    for (const [width, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const) {
      const context = await newContext(browserOf(), viewport);
      const page = await context.newPage();
      await page.goto(`${url}/shop/${product.id}`);
      await page.getByRole('link', { name: 'Telar del Sur' }).first().click();
      await page.getByRole('heading', { level: 1, name: 'Tienda' }).waitFor();
      expect(await page.locator('.site-card').count()).toBe(3);
      expect(await page.locator('script:not([type="application/ld+json"])').count()).toBe(0);
      await expectAccessible(page);
      await screenshot(page, `tienda-catalogo-${width}`);
      await page.getByRole('searchbox', { name: 'Buscar productos' }).fill('cojin');
      await page.getByRole('button', { name: 'Buscar' }).click();
      await page.getByText('1 producto encontrado.').waitFor();
      await expectAccessible(page);
      await screenshot(page, `tienda-busqueda-${width}`);
      await page.getByRole('link', { name: /Cojín de lana/ }).click();
      await page.waitForURL(`${url}/shop/${product.id}`);
      await context.close();
    }
  });
});
