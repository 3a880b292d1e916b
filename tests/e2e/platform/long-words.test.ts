/**
 * What people write breaks where it must (issue 46): a 500-letter word and a long link in a canvas
 * note, a product's description (on the shop, the seller's editor and a site) and a company's
 * business description never make a phone's page wider than its 360 px.
 */
import { describe, expect, inject, it } from 'vitest';
import {
  expectFitsWidth,
  MOBILE,
  screenshot,
  sessionContext,
  useBrowser,
  waitForHydration,
} from '../../support/browser';
import { filledCanvas, BAKERY_CANVAS } from '../../support/canvas';
import { ApiClient } from '../../support/http';
import { openShop } from '../../support/shop';
import { PAYLOADS } from '../../fixtures/companies';

const { url } = inject('servers')[0]!;
const browserOf = useBrowser();

const WORD = 'Panaderíaartesanal'.repeat(28).slice(0, 500);
const LINK = `https://www.instagram.com/panaderia.las.rosas.valparaiso/?igsh=${'x'.repeat(120)}`;

describe('long words and links', () => {
  it('no page a seller or a buyer reads is wider than a 360 px phone', async () => {
    const api = new ApiClient(url);
    const account = await api.register();
    const as = { token: account.token };
    const canvas = await filledCanvas(api, account.token, 'Panadería', {
      ...BAKERY_CANVAS,
      canales: [WORD, LINK],
    });
    const { product, subdomain } = await openShop(api, account.token, {
      product: { description: `<p>${WORD} ${LINK}</p>` },
      site: true,
    });
    const company = await api.post(
      '/api/companies/',
      { ...PAYLOADS.spa, businessDescription: `${WORD} ${LINK}` },
      as,
    );
    expect(company.status).toBe(201);

    const context = await sessionContext(browserOf(), url, account, MOBILE);
    const page = await context.newPage();
    for (const [path, name] of [
      [`/canvas/${canvas}/resumen`, 'canvas'],
      [`/shop/${product.id}`, 'producto'],
      [`/productos/${product.id}`, 'editor'],
      [`/dashboard/formalizacion/${company.body.id}`, 'empresa'],
    ] as const) {
      await page.goto(url + path);
      await page.getByText(WORD.slice(0, 40)).first().waitFor();
      // Islands change the layout as they hydrate (an editable field is one): measure after.
      await waitForHydration(page);
      await expectFitsWidth(page);
      await screenshot(page, `palabra-larga-${name}-mobile`);
    }
    // The same product inside the seller's site, on its subdomain.
    const site = await context.newPage();
    await site.goto(`http://${subdomain}.localhost:${new URL(url).port}/shop/${product.slug}`);
    await site.getByText(WORD.slice(0, 40)).first().waitFor();
    await expectFitsWidth(site);
    await screenshot(site, 'palabra-larga-sitio-mobile');
    await context.close();
  });
});
