/**
 * From a canvas to a site in Chromium: the seller asks for a site on the canvas's summary (1280
 * px, axe), lands on the new draft with a message, publishes it, and a visitor at 360 px sees the
 * value proposition, who it is for and how they work; the revenue stream's product waits as an
 * unpublished draft in the catalogue.
 */
import { describe, expect, inject } from 'vitest';
import { it } from '../../support/e2e';
import {
  delayScripts,
  expectAccessible,
  MOBILE,
  newContext,
  screenshot,
  useBrowser,
  waitForHydration,
} from '../../support/browser';
import { filledCanvas } from '../../support/canvas';
import { ApiClient } from '../../support/http';

const { url } = inject('servers')[0]!;
const port = new URL(url).port;
const browserOf = useBrowser();

describe('a site from a canvas', () => {
  it('drafts the site and products from the canvas; the seller publishes it', async ({
    desktop,
  }) => {
    const seller = desktop;
    const api = new ApiClient(url);
    const canvas = await filledCanvas(api, seller.account.token, 'Panadería Rosa');
    const subdomain = `rosa-${Date.now().toString(36)}`;

    // The address typed while the island is still loading stays once it hydrates.
    await delayScripts(seller.context);
    const page = await seller.context.newPage();
    await page.goto(`${url}/canvas/${canvas}/resumen`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { name: 'Crear mi sitio desde el canvas' }).waitFor();
    expect(await page.getByLabel('Nombre del sitio').inputValue()).toBe('Panadería Rosa');
    await page.getByLabel('Dirección').fill(subdomain);
    expect(await page.evaluate(() => document.querySelector('astro-island[ssr]') !== null)).toBe(
      true,
    );
    await waitForHydration(page);
    expect(await page.getByLabel('Dirección').inputValue()).toBe(subdomain);
    await page.getByText(`Disponible: ${subdomain}.`, { exact: false }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'canvas-sitio-desktop');
    await page.getByRole('button', { name: 'Crear borrador del sitio' }).click();
    await page.waitForURL(/\/page-builder\/site\/\d+$/);
    await page.locator('li.toast').getByText('Tu sitio quedó en borrador').waitFor();
    await page
      .locator('li.toast')
      .getByText('Con 2 productos sin publicar en tu catálogo.', { exact: false })
      .waitFor();
    await page.getByRole('button', { name: 'Publicar' }).click();
    await page.getByText('Sitio publicado', { exact: true }).waitFor();
    await screenshot(page, 'canvas-sitio-publicado-desktop');

    const visitor = await newContext(browserOf(), MOBILE);
    const site = await visitor.newPage();
    await site.goto(`http://${subdomain}.localhost:${port}/`);
    await site.getByText('Pan de masa madre horneado cada mañana').waitFor();
    await site.getByText('Familias de Ñuñoa').waitFor();
    await site.getByText('Hornear de madrugada').waitFor();
    expect(await site.locator('script:not([type="application/ld+json"])').count()).toBe(0);
    await expectAccessible(site);
    await screenshot(site, 'canvas-sitio-mobile');
    await visitor.close();

    const drafts = (await api.get('/api/products/', { token: seller.account.token })).body.results;
    expect(
      drafts.map((p: { name: string; price: number; published: boolean }) => [
        p.name,
        p.price,
        p.published,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['Pan amasado', 2500, false],
        ['Torta de mil hojas', 18990, false],
      ]),
    );
    await seller.context.close();
  });
});
