/**
 * A site's catalogue (`/shop`), on PGlite and PostgreSQL: grouped by the seller's categories with
 * a link to each whole category, filtered by category a page at a time, zero JavaScript, and the
 * "Ver todo el catálogo" link of every grid pointing at it (under the preview's base too).
 */
import { describe, expect, it } from 'vitest';
import { ApiClient, getWithHost } from '../../support/http';
import { claimServers } from '../../support/claims';

const servers = claimServers();

describe.each(servers)('a site’s catalogue on $kind', ({ url }) => {
  it('groups by category, filters and pages, and every grid links to it', async () => {
    const api = new ApiClient(url);
    const { token } = await api.register();
    const category = async (name: string) =>
      (await api.post('/api/categories/', { name }, { token })).body.id as number;
    const tortas = await category('Tortas');
    const panes = await category('Panes');
    const product = (name: string, cat: number | null) =>
      api.post('/api/products/', { name, price: 1000, category: cat, published: true }, { token });
    for (let i = 1; i <= 26; i++) await product(`Torta ${i}`, tortas);
    await product('Marraqueta', panes);
    await product('Hallulla', panes);
    await product('Vela de cera', null);
    const subdomain = `catalogo-${Date.now().toString(36)}`;
    const site = (
      await api.post('/api/sites/', { name: 'Horno Sur', subdomain, template: 'tienda' }, { token })
    ).body;
    await api.post(`/api/sites/${site.id}/publish/`, undefined, { token });
    const host = `${subdomain}.localhost`;
    const get = (path: string) => getWithHost(url, host, path);
    const cards = (html: string) => (html.match(/class="site-card"/g) ?? []).length;

    const home = (await get('/')).body;
    expect(home).toContain('<a class="site-link" href="/shop">Ver todo el catálogo');

    const all = await get('/shop');
    expect(all.status).toBe(200);
    expect(all.body).not.toMatch(/<script(?! type="application\/ld\+json")/);
    for (const filter of ['Todo', 'Tortas', 'Panes', 'Otros productos'])
      expect(all.body).toContain(filter);
    expect(all.body).toContain('href="/shop?categoria=tortas"');
    expect(all.body).toContain('Ver los 26 de Tortas');
    expect(cards(all.body)).toBe(8 + 2 + 1);
    expect(all.body).not.toContain('Ver todo el catálogo');

    const first = (await get('/shop?categoria=tortas')).body;
    expect(cards(first)).toBe(24);
    expect(first).toContain('aria-current="page"');
    expect(first).toContain('Página 1 de 2');
    expect(first).toContain('href="/shop?categoria=tortas&amp;pagina=2" rel="next"');
    expect(first).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+\/shop\?categoria=tortas">/);
    const second = (await get('/shop?categoria=tortas&pagina=2')).body;
    expect(cards(second)).toBe(2);
    expect(second).toContain('rel="prev"');
    expect((await get('/shop?categoria=otros')).body).toContain('Vela de cera');
    expect((await get('/shop?categoria=tortas&pagina=3')).status).toBe(404);
    expect((await get('/shop?categoria=no-existe')).status).toBe(404);

    // The preview on the main domain keeps its base in every catalogue link.
    const preview = await (await fetch(`${url}/page-builder/_render/${subdomain}`)).text();
    expect(preview).toContain(`href="/page-builder/_render/${subdomain}/shop"`);
  });
});
