/**
 * A public page shared with campaign parameters (`?utm_source=instagram`, `?fbclid=…`) is the
 * page without them: served from the route cache (`server/cache/campaign-params.ts`). That is
 * safe only while no public page shows its own query: a copy rendered for one campaign link is
 * what the next visitor gets.
 */
import { describe, expect, it } from 'vitest';
import { ApiClient, getWithHost } from '../../support/http';
import { openShop } from '../../support/shop';
import { claimServers } from '../../support/claims';

const servers = claimServers();

const CAMPAIGN = 'utm_source=instagram&utm_campaign=zz-campana-unica&fbclid=ZzClickUnico';

describe.each(servers)('on $kind', ({ url }) => {
  it('campaign links are served the cached page; no public page shows their parameters', async () => {
    const api = new ApiClient(url);
    const { token } = await api.register();
    const { product, subdomain } = await openShop(api, token, { site: true });
    const main = new URL(url).host;
    const site = `${subdomain}.localhost`;
    const pages: [string, string][] = [
      [main, '/'],
      [main, '/landing'],
      [main, '/login'],
      [main, '/registrate'],
      [main, `/shop/${product.id}`],
      [site, '/'],
      [site, '/shop'],
      [site, `/shop/${product.slug}`],
    ];
    for (const [host, path] of pages) {
      // Rendered for the campaign link first: that copy is the one kept.
      const first = await getWithHost(url, host, `${path}?${CAMPAIGN}`);
      expect(first.status, `${host}${path}`).toBe(200);
      expect(first.body, `${host}${path}`).not.toMatch(/zz-campana-unica|ZzClickUnico|utm_/);
      await expect
        .poll(async () => (await getWithHost(url, host, path)).headers['x-render-cache'], {
          timeout: 5000,
          interval: 100,
        })
        .toBe('hit');
      const shared = await getWithHost(url, host, `${path}?utm_source=whatsapp&srsltid=AfmB`);
      expect(shared.headers['x-render-cache'], `${host}${path}`).toBe('hit');
      expect(shared.body).toBe((await getWithHost(url, host, path)).body);
    }
    // Any other parameter asks for something else: rendered anew.
    const other = await getWithHost(url, main, `/shop/${product.id}?utm_source=x&vista=2`);
    expect(other.status).toBe(200);
    expect(other.headers['x-render-cache']).toBeUndefined();
  });
});
