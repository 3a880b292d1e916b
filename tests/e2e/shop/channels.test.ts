/**
 * «Canales de venta» (issue 51) in Chromium with JavaScript off: the seller reaches it from their
 * products, reads each feed's address (the site's, with the main domain's as well), sees which
 * product Google and Meta would turn away and why, and the feed at that address parses as XML in
 * the browser with the `g:` namespace. Looked at, with axe, at 360 and 1280 px.
 */
import { describe, expect, inject } from 'vitest';
import { it } from '../../support/e2e';
import { lookAtBothWidths, useBrowser } from '../../support/browser';
import { ApiClient } from '../../support/http';
import { jpeg, upload } from '../../support/images';
import { openShop } from '../../support/shop';

const { url } = inject('servers')[0]!;
const browserOf = useBrowser();

describe('sales channels', () => {
  it('shows the feeds, how to add them, and what would be turned away', async ({ noScript }) => {
    const { account, page, view, close } = noScript;
    const api = new ApiClient(url);
    const as = { token: account.token };
    const photo = (await upload(url, as.token, await jpeg(600, 600), 't.jpg', 'image/jpeg', 'Taza'))
      .body;
    const { subdomain } = await openShop(api, as.token, {
      site: true,
      product: { images: [photo.id] },
    });
    await api.post('/api/products/', { name: 'PLATO HONDO', price: 8990, published: true }, as);

    page.setDefaultTimeout(10_000);
    await page.goto(`${url}/productos`);
    await page.getByRole('link', { name: 'Canales de venta' }).click();
    await page.getByRole('heading', { name: 'Canales de venta', level: 1 }).waitFor();
    const address = await page.getByLabel('Dirección del feed para Google').inputValue();
    expect(address).toMatch(
      new RegExp(`^http://${subdomain}\\.localhost:\\d+/feeds/google\\.xml$`),
    );
    expect(await page.getByLabel('Dirección del feed para Meta').inputValue()).toMatch(
      /\/feeds\/meta\.csv$/,
    );
    const rejected = page.getByRole('region', { name: 'Lo que rechazarían' });
    await rejected.getByRole('link', { name: 'PLATO HONDO' }).waitFor();
    await rejected.getByText('No tiene foto').waitFor();
    await rejected.getByText('todo en mayúsculas').waitFor();
    expect(await rejected.getByRole('link', { name: 'Taza de greda' }).count()).toBe(0);
    await view.goto(page.url());
    await lookAtBothWidths(view, 'canales');

    // The address answers a feed that Chromium's own XML parser reads, items in the g: namespace.
    const reader = await browserOf().newPage();
    await reader.goto(address);
    const parsed = await reader.evaluate(async () => {
      const text = await (await fetch(location.href)).text();
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      const G = 'http://base.google.com/ns/1.0';
      return {
        error: doc.getElementsByTagName('parsererror').length,
        titles: [...doc.getElementsByTagNameNS(G, 'title')].map((t) => t.textContent),
      };
    });
    expect(parsed.error).toBe(0);
    // The product without a photo, listed above as turned away, is not in the feed at all.
    expect(parsed.titles).toEqual(['Taza de greda']);
    await reader.close();
    await close();
  });
});
