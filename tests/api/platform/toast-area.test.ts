/**
 * Every page has its toast area (issue 63, item 16), shop and site pages too, without costing them
 * their zero JavaScript: the island comes only while a toast waits, and on a site's host, where
 * no script may run, the waiting toast is plain text above the page.
 */
import { describe, expect, inject, it } from 'vitest';
import { ApiClient, getWithHost } from '../../support/http';
import { openShop } from '../../support/shop';

const { url } = inject('servers')[0]!;

/** A script that runs (structured data is not one). */
const RUNS_SCRIPT = /<script(?! type="application\/ld\+json")/;

/** The cookie a server-side form step leaves for the next page (`toast/flash.server.ts`). */
const flash = () => {
  const toast = { title: 'Listo', description: 'Tu carro te espera.', at: Date.now() };
  return `impulsa_flash=${encodeURIComponent(JSON.stringify(toast))}`;
};

describe('the toast area on shop and site pages', () => {
  it('waits on the product page and the checkout; is plain text on a site', async () => {
    const api = new ApiClient(url);
    const { token, user } = await api.register();
    const { product, subdomain } = await openShop(api, token, { site: true });
    for (const path of [`/shop/${product.id}`, `/pay?tienda=${user.id}`]) {
      const quiet = await getWithHost(url, new URL(url).host, path);
      expect(quiet.body, path).not.toMatch(RUNS_SCRIPT);
      const told = await getWithHost(url, new URL(url).host, path, { Cookie: flash() });
      expect(told.body, path).toContain('Toaster');
      expect(told.body, path).toMatch(
        /<noscript><div role="status"[^>]*><strong[^>]*>Listo<\/strong>Tu carro te espera\./,
      );
    }
    const site = await getWithHost(url, `${subdomain}.localhost`, '/', { Cookie: flash() });
    expect(site.status).toBe(200);
    expect(site.body).not.toMatch(RUNS_SCRIPT);
    expect(site.body).not.toContain('<noscript>');
    expect(site.body).toMatch(
      /<div role="status"[^>]*><strong[^>]*>Listo<\/strong>Tu carro te espera\./,
    );
  });
});
