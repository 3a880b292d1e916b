/**
 * Shop figures on PGlite and PostgreSQL: visits counted on the server for product and site
 * pages (cache hits included; crawlers, prefetches and the seller's previews not), sales and
 * revenue from paid orders only, top products and pages, the CSV, another seller seeing none of
 * it, and the period validated in Spanish.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PICKUP, setDelivery, SELLER_IDENTITY } from '../../support/shop';
import { ApiClient, getWithHost, uniqueEmail } from '../../support/http';
import { claimServers } from '../../support/claims';

const servers = claimServers({ bothEngines: true });
const BROWSER =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe.each(servers)('shop figures on $kind', ({ url }) => {
  describe('a week of visits and sales', () => {
    const api = new ApiClient(url);
    let token: string;
    let as: { token: string };
    let taza: { id: number; slug: string };
    let plato: { id: number; slug: string };
    let site: { id: number };
    let figures: { status: number; body: any };

    beforeAll(async () => {
      ({ token } = await api.register());
      as = { token };
      await api.patch(
        '/api/store/',
        { ...SELLER_IDENTITY, name: 'Greda', transfer_details: 'Banco 1', version: 0 },
        as,
      );
      await setDelivery(api, token, { pickup_points: [PICKUP] });
      const product = async (name: string, price: number) =>
        (await api.post('/api/products/', { name, price, published: true }, as)).body;
      taza = await product('Taza', 12990);
      plato = await product('Plato', 5990);
      const subdomain = `cifras-${Date.now().toString(36)}`;
      site = (
        await api.post('/api/sites/', { name: 'Greda Sur', subdomain, template: 'tienda' }, as)
      ).body;
      await api.post(`/api/sites/${site.id}/publish/`, undefined, as);

      const main = new URL(url).host;
      const visit = (host: string, path: string, headers: Record<string, string> = {}) =>
        getWithHost(url, host, path, { 'User-Agent': BROWSER, ...headers });
      // Three people on the taza's page at once, then one served from memory before Astro runs.
      const pages = [1, 2, 3].map(() => visit(main, `/shop/${taza.id}`));
      expect((await Promise.all(pages)).map((r) => r.status)).toEqual([200, 200, 200]);
      await visit(main, `/shop/${taza.id}`);
      // Not visits: a crawler, a prefetch, a client without a user agent, the seller's preview.
      await visit(main, `/shop/${taza.id}`, { 'User-Agent': GOOGLEBOT });
      await visit(main, `/shop/${taza.id}`, { 'Sec-Purpose': 'prefetch' });
      await getWithHost(url, main, `/shop/${taza.id}`);
      await visit(main, `/page-builder/_render/${subdomain}`);
      // The site: its home twice, its catalogue, the plato inside it; a missing page is no visit.
      const host = `${subdomain}.localhost`;
      await visit(host, '/');
      await visit(host, '/');
      await visit(host, '/shop');
      await visit(host, `/shop/${plato.slug}`);
      expect((await visit(host, '/no-existe')).status).toBe(404);
      // The fifth person on the taza's page; the page's target never leaves the server.
      expect((await visit(main, `/shop/${taza.id}`)).headers['x-impulsa-visit']).toBeUndefined();

      // One paid order (two tazas), one still unpaid: only the paid one is a sale.
      const order = async () =>
        (
          await new ApiClient(url).post('/api/orders/', {
            items: [{ product: taza.id, quantity: 2 }],
            buyer: { name: 'Camila Soto', email: uniqueEmail('camila'), phone: '9 8765 4321' },
            delivery: { method: 'retiro' },
            payment_method: 'transferencia',
          })
        ).body;
      const paid = await order();
      await order();
      expect((await api.patch(`/api/orders/${paid.id}/`, { status: 'pagado' }, as)).status).toBe(
        200,
      );
      figures = await api.get('/api/store/figures/?days=7', as);
    });

    it('counts a person’s visits, cache hits included, and paid orders only', () => {
      expect(figures.status).toBe(200);
      expect(figures.body.totals).toEqual({
        product_visits: 6,
        page_visits: 3,
        visits: 9,
        orders: 1,
        shop_orders: 1,
        revenue: 25980,
        conversion: 1 / 9,
      });
    });

    it('adds up, day by day over the seven days, to the totals', () => {
      expect(figures.body.daily).toHaveLength(7);
      const sum = (key: string) =>
        figures.body.daily.reduce((t: number, d: Record<string, number>) => t + d[key]!, 0);
      expect([sum('visits'), sum('orders'), sum('revenue')]).toEqual([9, 1, 25980]);
    });

    it('ranks the products by visits, with their sales and conversion', () => {
      expect(figures.body.top_products).toEqual([
        {
          id: taza.id,
          name: 'Taza',
          visits: 5,
          orders: 1,
          units: 2,
          revenue: 25980,
          conversion: 0.2,
        },
        { id: plato.id, name: 'Plato', visits: 1, orders: 0, units: 0, revenue: 0, conversion: 0 },
      ]);
    });

    it('ranks the site’s pages by visits', () => {
      expect(figures.body.top_pages).toEqual([
        { site_id: site.id, site_name: 'Greda Sur', path: '/', visits: 2 },
        { site_id: site.id, site_name: 'Greda Sur', path: '/shop', visits: 1 },
      ]);
    });

    it('downloads the same days as a CSV that Excel opens in Spanish', async () => {
      const csv = await fetch(`${url}/api/store/figures/csv/?days=7`, {
        headers: { Authorization: `Token ${token}` },
      });
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(csv.headers.get('content-disposition')).toMatch(
        /^attachment; filename="cifras-\d{4}-\d{2}-\d{2}-a-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await csv.arrayBuffer());
      expect(text.startsWith('\uFEFF')).toBe(true);
      const lines = text.slice(1).trim().split('\r\n');
      expect(lines[0]).toBe(
        'fecha;visitas;visitas_productos;visitas_paginas;ventas;ingresos_clp;conversion_pct',
      );
      expect(lines).toHaveLength(8);
      const total = lines.slice(1).reduce((t, line) => t + Number(line.split(';')[1]), 0);
      expect(total).toBe(9);
    });

    it('shows the same figures at /cifras, as zero-JS charts', async () => {
      const page = await api.get('/cifras?dias=7', {
        headers: { Cookie: `impulsa_session=${token}` },
      });
      expect(page.status).toBe(200);
      expect(page.body).toContain('Cifras de tu tienda');
      expect(page.body).toMatch(/<svg[^>]+role="img"/);
      expect(page.body).toContain('$25.980');
      expect(page.body).toContain('11,1 %');
    });

    it('shows another seller none of it', async () => {
      const other = new ApiClient(url);
      const { token: otherToken } = await other.register();
      const theirs = await other.get('/api/store/figures/', { token: otherToken });
      expect(theirs.body).toMatchObject({ days: 30, totals: { visits: 0, orders: 0, revenue: 0 } });
      expect(theirs.body.top_products).toEqual([]);
    });
  });

  it('refuses another period in Spanish, a visitor and other methods', async () => {
    const api = new ApiClient(url);
    const { token } = await api.register();
    for (const days of ['5', 'treinta', '-7']) {
      const bad = await api.get(`/api/store/figures/?days=${days}`, { token });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({
        message: 'El período debe ser de 7, 30 o 90 días.',
        errors: { days: ['El período debe ser de 7, 30 o 90 días.'] },
      });
    }
    expect((await api.get('/api/store/figures/csv/?days=1', { token })).status).toBe(400);
    const visitor = new ApiClient(url);
    expect((await visitor.get('/api/store/figures/')).status).toBe(401);
    expect((await visitor.get('/api/store/figures/csv/')).status).toBe(401);
    expect((await api.post('/api/store/figures/', {}, { token })).status).toBe(405);
  });
});
