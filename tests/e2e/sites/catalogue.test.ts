/**
 * A site's catalogue in Chromium at 360 and 1280 px: categories as filters, the search (a GET
 * form: «lucuma» finds «Torta de lúcuma»), zero JavaScript, accessible.
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

const { url } = inject('servers')[0]!;
const port = new URL(url).port;
const browserOf = useBrowser();

describe('a site’s catalogue', () => {
  it('shows the products by category and filters by one, at both widths', async () => {
    const api = new ApiClient(url);
    const { token } = await api.register();
    const photo = (await upload(url, token, await jpeg(600, 600), 'pan.jpg', 'image/jpeg', 'Pan'))
      .body;
    for (const [name, items] of [
      ['Panes', ['Marraqueta', 'Hallulla', 'Pan amasado']],
      ['Tortas', ['Torta de lúcuma', 'Kuchen de murta']],
    ] as const) {
      const category = (await api.post('/api/categories/', { name }, { token })).body.id;
      for (const item of items)
        await api.post(
          '/api/products/',
          { name: item, price: 2990, category, images: [photo.id], published: true },
          { token },
        );
    }
    const subdomain = `horno-${Date.now().toString(36)}`;
    const site = (
      await api.post('/api/sites/', { name: 'Horno Sur', subdomain, template: 'tienda' }, { token })
    ).body;
    await api.post(`/api/sites/${site.id}/publish/`, undefined, { token });

    for (const [width, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const) {
      const context = await newContext(browserOf(), viewport);
      const page = await context.newPage();
      await page.goto(`http://${subdomain}.localhost:${port}/`);
      await page
        .getByRole('link', { name: /Ver todo el catálogo/ })
        .first()
        .click();
      await page.getByRole('heading', { level: 1, name: 'Tienda' }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'Panes' }).waitFor();
      expect(await page.locator('script:not([type="application/ld+json"])').count()).toBe(0);
      await expectAccessible(page);
      await screenshot(page, `catalogo-${width}`);
      await page
        .getByRole('navigation', { name: 'Categorías' })
        .getByRole('link', { name: /Tortas/ })
        .click();
      await page.getByRole('heading', { level: 1, name: 'Tortas' }).waitFor();
      await page.getByText('Kuchen de murta').waitFor();
      expect(await page.getByText('Marraqueta').count()).toBe(0);
      await expectAccessible(page);
      await screenshot(page, `catalogo-tortas-${width}`);

      // The search, without accents, and a word that only the category holds.
      await page.getByRole('searchbox', { name: 'Buscar productos' }).fill('lucuma');
      await page.getByRole('searchbox', { name: 'Buscar productos' }).press('Enter');
      await page.getByRole('heading', { level: 1, name: 'Resultados para «lucuma»' }).waitFor();
      await page.getByText('1 producto encontrado.').waitFor();
      await page.getByRole('link', { name: /Torta de lúcuma/ }).waitFor();
      expect(await page.getByText('Kuchen de murta').count()).toBe(0);
      expect(await page.locator('script:not([type="application/ld+json"])').count()).toBe(0);
      await expectAccessible(page);
      await screenshot(page, `catalogo-busqueda-${width}`);
      await page.getByRole('searchbox', { name: 'Buscar productos' }).fill('panes');
      await page.getByRole('button', { name: 'Buscar' }).click();
      await page.getByText('3 productos encontrados.').waitFor();
      await context.close();
    }
  });
});
