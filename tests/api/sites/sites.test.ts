/**
 * Sites over HTTP on both engines (docs/design.md §7 Sites and pages): create from a template, the
 * subdomain rules, versions and 409s, pages, publishing, and what visitors of the subdomain see
 * (zero script, the seller's products, /config, robots and sitemap); another seller gets 404.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { setTxt } from '../../support/dns';
import { ApiClient, getWithHost } from '../../support/http';
import { SELLER_IDENTITY } from '../../support/shop';
import { claimServers } from '../../support/claims';

const servers = claimServers({ bothEngines: true });
const dnsZone = inject('dnsZone');

describe.each(servers)('sites on $kind', ({ url }) => {
  const label = () => `tienda-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

  it("a site without its own WhatsApp number uses the shop's, as its settings promise", async () => {
    const api = new ApiClient(url);
    const { token } = await api.register();
    await api.patch(
      '/api/store/',
      { ...SELLER_IDENTITY, name: 'Pan de Rosa', whatsapp: '+56911112222', version: 0 },
      { token },
    );
    const subdomain = label();
    const site = (
      await api.post(
        '/api/sites/',
        { name: 'Pan de Rosa', subdomain, template: 'tienda' },
        { token },
      )
    ).body;
    expect(site.whatsapp).toBeNull();
    await api.post(`/api/sites/${site.id}/publish/`, undefined, { token });
    const home = await getWithHost(url, `${subdomain}.localhost`, '/');
    expect(home.body).toContain('https://wa.me/56911112222');
    const config = JSON.parse((await getWithHost(url, `${subdomain}.localhost`, '/config')).body);
    expect(config).toMatchObject({ whatsapp: '+56911112222', payment_methods: ['whatsapp'] });
  });

  describe('a site from a template, through to its host', () => {
    const api = new ApiClient(url);
    let token: string;
    let subdomain: string;
    let host: string;
    let site: { id: number };
    let home: { id: number; version: number; data: { content: unknown[] } };
    let kuchen: { id: number; version: number };
    let draft: { slug: string };
    let renamedSlug: string;
    let visit: Awaited<ReturnType<typeof getWithHost>>;
    const at = (path: string, headers?: Record<string, string>) =>
      getWithHost(url, host, path, headers);

    beforeAll(async () => {
      ({ token } = await api.register());
      subdomain = label();
      host = `${subdomain}.localhost`;
    });

    it('refuses a reserved subdomain in Spanish', async () => {
      const refused = await api.post(
        '/api/sites/',
        { name: 'Dulces', subdomain: 'www' },
        { token },
      );
      expect(refused.body.errors.subdomain[0]).toBe('Ese subdominio está reservado. Elige otro.');
    });

    it('creates it unpublished; its subdomain is then taken and its host a 404', async () => {
      const free = await api.get(`/api/sites/availability/?subdomain=${subdomain}`, { token });
      expect(free.body).toMatchObject({ available: true });
      const created = await api.post(
        '/api/sites/',
        { name: 'Dulces de la Abuela', subdomain, template: 'tienda' },
        { token },
      );
      expect(created.status).toBe(201);
      site = created.body;
      expect(site).toMatchObject({
        name: 'Dulces de la Abuela',
        subdomain,
        published: false,
        domain_status: 'none',
        custom_domain: null,
        version: 1,
      });
      const taken = await api.get(`/api/sites/availability/?subdomain=${subdomain}`, { token });
      expect(taken.body).toMatchObject({ available: false });
      const again = await api.post('/api/sites/', { name: 'Otra', subdomain }, { token });
      expect(again.body.errors.subdomain[0]).toBe(
        'Ese subdominio ya está en uso. Prueba con otro.',
      );
      expect((await at('/')).status).toBe(404);
    });

    it('saves its settings by version; a stale save is a 409 with the stored copy', async () => {
      const patched = await api.patch(
        `/api/sites/${site.id}/`,
        {
          whatsapp: '9 8765 4321',
          theme: { primary: '#9d174d' },
          seo: { description: 'Tortas y kuchen de Puerto Varas.' },
          version: 1,
        },
        { token },
      );
      expect(patched.body).toMatchObject({
        whatsapp: '+56987654321',
        theme: { primary: '#9d174d', font: 'moderna' },
        version: 2,
      });
      const stale = await api.patch(
        `/api/sites/${site.id}/`,
        { name: 'Viejo', version: 1 },
        { token },
      );
      expect(stale.status).toBe(409);
      expect(stale.body.current).toMatchObject({ version: 2 });
    });

    it('saves a page without its script; saving the same version again is a 409', async () => {
      const pages = (await api.get(`/api/sites/${site.id}/pages/`, { token })).body.results;
      expect(pages.map((p: { path: string }) => p.path)).toEqual(['/']);
      home = pages[0];
      const data = {
        ...home.data,
        content: [
          ...home.data.content,
          {
            type: 'Text',
            props: {
              id: 'nota',
              text: '<p>Pedidos con <strong>48 horas</strong>.<script>alert(1)</script></p>',
            },
          },
        ],
      };
      const path = `/api/sites/${site.id}/pages/${home.id}/`;
      const saved = await api.put(path, { data, version: home.version }, { token });
      expect(saved.status).toBe(200);
      expect(JSON.stringify(saved.body.data)).not.toContain('script');
      expect((await api.put(path, { data, version: home.version }, { token })).status).toBe(409);
    });

    it('adds a page, but not at /shop, and keeps its home', async () => {
      const pages = `/api/sites/${site.id}/pages/`;
      const about = await api.post(pages, { path: '/nosotras', title: 'Nosotras' }, { token });
      expect(about.status).toBe(201);
      expect((await api.post(pages, { path: '/shop', title: 'x' }, { token })).status).toBe(400);
      expect((await api.delete(`${pages}${home.id}/`, { token })).status).toBe(400);
    });

    it('publishes it: its host shows the pages and published products, with zero script', async () => {
      kuchen = (
        await api.post(
          '/api/products/',
          { name: 'Kuchen de murta', price: 8990, published: true },
          { token },
        )
      ).body;
      draft = (
        await api.post('/api/products/', { name: 'Borrador secreto', price: 1000 }, { token })
      ).body;
      const published = await api.post(`/api/sites/${site.id}/publish/`, undefined, { token });
      expect(published.body).toMatchObject({ published: true });
      visit = await at('/');
      expect(visit.status).toBe(200);
      expect(visit.body).not.toMatch(/<script(?! type="application\/ld\+json")/);
      expect(visit.body).toContain('Dulces de la Abuela');
      expect(visit.body).toContain('Kuchen de murta');
      expect(visit.body).not.toContain('Borrador secreto');
      expect(visit.body).toContain('<strong>48 horas</strong>');
      expect(visit.body).toContain('https://wa.me/56987654321');
      expect(visit.body).toContain('--site-primary:#9d174d');
      expect(visit.body).toContain('href="/nosotras"');
      expect((await at('/nosotras')).status).toBe(200);
      expect((await at('/shop')).body).toContain('Kuchen de murta');
    });

    it('answers anonymous visits from the render cache, keyed by host and path', async () => {
      await at('/');
      expect((await at('/')).headers['x-render-cache']).toBe('hit');
    });

    it('shows a product in the site’s theme, with its own canonical URL and JSON-LD', async () => {
      const product = await at('/shop/kuchen-de-murta');
      expect(product.status).toBe(200);
      expect(product.body).toContain('--site-primary:#9d174d');
      expect(product.body).toContain('<h1 class="mt-1');
      expect(product.body).toContain('$8.990');
      expect(product.body).toContain('href="/nosotras"');
      expect(product.body).toMatch(
        /<link rel="canonical" href="https?:\/\/[^"]+\/shop\/kuchen-de-murta">/,
      );
      expect(product.body).toContain('<meta property="og:type" content="product">');
      expect(product.body).toContain('"@type":"Product"');
      expect(product.body).not.toMatch(/<script(?! type="application\/ld\+json")/);
      expect(product.body).toContain(encodeURIComponent('/shop/kuchen-de-murta'));
      expect((await at(`/shop/${draft.slug}`)).status).toBe(404);
    });

    it('moves a renamed product’s old address with a 301', async () => {
      const renamed = await api.patch(
        `/api/products/${kuchen.id}/`,
        { name: 'Kuchen de murta sureño', version: kuchen.version },
        { token },
      );
      expect(renamed.status).toBe(200);
      renamedSlug = renamed.body.slug;
      const moved = await at('/shop/kuchen-de-murta');
      expect(moved.status).toBe(301);
      expect(moved.headers.location).toBe(`/shop/${renamedSlug}`);
      expect((await at(`/shop/${renamedSlug}`)).body).toContain('Kuchen de murta sureño');
    });

    it('shows a new colour at once on a product page it had kept', async () => {
      const productPath = `/shop/${renamedSlug}`;
      await at(productPath);
      expect((await at(productPath)).headers['x-render-cache']).toBe('hit');
      const current = (await api.get(`/api/sites/${site.id}/`, { token })).body;
      const recoloured = await api.patch(
        `/api/sites/${site.id}/`,
        { theme: { primary: '#1d4ed8' }, version: current.version },
        { token },
      );
      expect(recoloured.status).toBe(200);
      expect((await at(productPath)).body).toContain('--site-primary:#1d4ed8');
    });

    it('lists its pages and published products in the sitemap, named in robots.txt', async () => {
      const sitemap = (await at('/sitemap.xml')).body;
      expect(sitemap).toContain(`/shop/${renamedSlug}</loc><lastmod>`);
      expect(sitemap).toContain('/nosotras</loc>');
      expect(sitemap).not.toContain(draft.slug);
      expect((await at('/robots.txt')).body).toContain('Sitemap:');
    });

    it('describes itself at /config', async () => {
      expect(JSON.parse((await at('/config')).body)).toMatchObject({
        name: 'Dulces de la Abuela',
        currency: 'CLP',
        whatsapp: '+56987654321',
        payment_methods: ['whatsapp'],
      });
    });

    it('never reaches the app from its host, nor reads or sets its session', async () => {
      for (const path of ['/dashboard', '/login', '/no-existe'])
        expect((await at(path)).status, path).toBe(404);
      const me = await at('/api/users/me/', { Cookie: `impulsa_session=${token}` });
      expect(me.status).toBe(404);
      expect(visit.headers['set-cookie']).toBeUndefined();
    });

    it('renders the same site at its preview link on the main domain', async () => {
      const preview = await fetch(`${url}/page-builder/_render/${subdomain}`);
      expect(preview.status).toBe(200);
      expect(await preview.text()).toContain('Kuchen de murta');
    });

    it('is found by its subdomain, and an unknown domain is a 404', async () => {
      const lookup = (body: object) => api.post('/api/sites/lookup_by_domain/', body);
      expect((await lookup({ domain_type: 'subdomain', value: subdomain })).body).toMatchObject({
        name: 'Dulces de la Abuela',
      });
      expect((await lookup({ domain_type: 'custom', value: 'no-existe.cl' })).status).toBe(404);
    });

    it('tells Caddy to certify its one-label name alone, and refuses a name that knocks', async () => {
      const ask = async (domain: string) => (await api.get(`/api/tls/ask?domain=${domain}`)).status;
      expect(await ask(`${subdomain}.impulsa.cl`)).toBe(200);
      expect(await ask('cualquiera.example')).toBe(404);
      for (const deeper of [`${subdomain}.x.impulsa.cl`, `x.${subdomain}.impulsa.cl`]) {
        expect(await ask(deeper)).toBe(404);
        expect((await getWithHost(url, deeper, '/')).status).toBe(404);
      }
      // A name asked about again and again (a proxy made to knock for it) is refused for a while.
      const knocked = `knock-${subdomain}.impulsa.cl`;
      const asks = [];
      for (let i = 0; i < 21; i++) asks.push(await ask(knocked));
      expect(asks.slice(0, 20).every((s) => s === 404)).toBe(true);
      expect(asks[20]).toBe(429);
      expect(await ask(`${subdomain}.impulsa.cl`)).toBe(200);
      // A NUL in any query is refused before the route (a 400): Caddy gets no certificate either way.
      expect(await ask('%00x.impulsa.cl')).toBe(400);
    });

    it('is a 404 to another seller, as if it did not exist', async () => {
      const other = await new ApiClient(url).register();
      for (const [method, path] of [
        ['GET', `/api/sites/${site.id}/`],
        ['GET', `/api/sites/${site.id}/pages/`],
        ['POST', `/api/sites/${site.id}/publish/`],
        ['DELETE', `/api/sites/${site.id}/`],
        ['GET', `/api/sites/${site.id}/pages/${home.id}/`],
      ] as const) {
        const res = await api.request(method, path, { token: other.token, useCookies: false });
        expect(res.status, `${method} ${path}`).toBe(404);
      }
      expect((await api.get('/api/sites/', { token: other.token })).body.count).toBe(0);
    });

    it('takes its host down when deleted', async () => {
      expect((await api.delete(`/api/sites/${site.id}/`, { token })).status).toBe(200);
      expect((await at('/')).status).toBe(404);
    });
  });

  describe('a custom domain, checked against a real DNS server', () => {
    const api = new ApiClient(url);
    let token: string;
    let subdomain: string;
    let domain: string;
    let site: { id: number };
    let set: { status: number; body: any };
    const verify = async () =>
      (await api.post(`/api/sites/${site.id}/domain/verify/`, undefined, { token })).body;
    const tlsAsk = async (name: string) => (await api.get(`/api/tls/ask?domain=${name}`)).status;

    beforeAll(async () => {
      ({ token } = await api.register());
      subdomain = label();
      domain = `www.${subdomain}.cl`;
      site = (
        await api.post(
          '/api/sites/',
          { name: 'Cerámica Sur', subdomain, template: 'en-blanco' },
          { token },
        )
      ).body;
      await api.post(`/api/sites/${site.id}/publish/`, undefined, { token });
    });

    it('refuses what is not a domain, and Impulsa’s own', async () => {
      const path = `/api/sites/${site.id}/domain/`;
      const notOne = await api.put(path, { domain: 'no es un dominio' }, { token });
      expect(notOne.body.errors.domain[0]).toBe(
        'Escribe un dominio como mitienda.cl o www.mitienda.cl.',
      );
      expect((await api.put(path, { domain: 'tienda.impulsa.cl' }, { token })).status).toBe(400);
    });

    it('takes a domain as typed and asks for its TXT and CNAME records', async () => {
      set = await api.put(
        `/api/sites/${site.id}/domain/`,
        { domain: `https://WWW.${subdomain}.cl/` },
        { token },
      );
      expect(set.status).toBe(200);
      expect(set.body).toMatchObject({
        domain,
        status: 'pending',
        txt: { name: `_impulsa.${domain}` },
        checked_at: null,
        reason: null,
      });
      expect(set.body.txt.value).toMatch(/^impulsa-verificacion=[0-9a-f]{32}$/);
      expect(set.body.records[1]).toMatchObject({
        type: 'CNAME',
        name: 'www',
        value: 'sites.impulsa.test',
      });
    });

    it('serves nothing and gets no certificate while pending', async () => {
      expect((await getWithHost(url, domain, '/')).status).toBe(404);
      expect(await tlsAsk(domain)).toBe(404);
    });

    it('stays pending without the record, saying so and when it looked', async () => {
      setTxt(dnsZone, `_impulsa.${domain}`, null);
      const none = await verify();
      expect(none).toMatchObject({
        status: 'pending',
        reason: expect.stringContaining('Todavía no encontramos el registro TXT'),
      });
      expect(none.checked_at).toEqual(expect.any(String));
    });

    it('stays pending with a record of another value', async () => {
      setTxt(dnsZone, `_impulsa.${domain}`, [['v=spf1 -all'], ['impulsa-verificacion=0000']]);
      expect(await verify()).toMatchObject({
        status: 'pending',
        reason: expect.stringContaining('su valor no coincide'),
      });
      expect((await getWithHost(url, domain, '/')).status).toBe(404);
    });

    it('verifies the right value, even split in two chunks as long TXT values are', async () => {
      const value = set.body.txt.value as string;
      setTxt(dnsZone, `_impulsa.${domain}`, [
        ['v=spf1 -all'],
        [value.slice(0, 10), value.slice(10)],
      ]);
      expect(await verify()).toMatchObject({ status: 'verified', reason: null });
      expect((await api.get(`/api/sites/${site.id}/`, { token })).body).toMatchObject({
        custom_domain: domain,
        domain_status: 'verified',
        url: `https://${domain}`,
      });
    });

    it('serves the site at once at the domain, its canonical URL there, and never the app', async () => {
      const home = await getWithHost(url, domain, '/');
      expect(home.status).toBe(200);
      expect(home.body).toContain('Cerámica Sur');
      expect(home.body).toContain(`<link rel="canonical" href="https://${domain}/"`);
      expect((await getWithHost(url, domain, '/dashboard')).status).toBe(404);
      expect((await getWithHost(url, domain.toUpperCase() + '.:443', '/')).status).toBe(200);
    });

    it('is found by its domain, and Caddy may get it a certificate', async () => {
      const found = await api.post('/api/sites/lookup_by_domain/', {
        domain_type: 'custom',
        value: domain,
      });
      expect(found.body).toMatchObject({ name: 'Cerámica Sur', custom_domain: domain });
      expect(await tlsAsk(domain)).toBe(200);
    });

    it('cannot be taken by another site, nor touched by another seller', async () => {
      const other = await new ApiClient(url).register();
      const as = { token: other.token, useCookies: false };
      const theirs = (await api.post('/api/sites/', { name: 'Copia', subdomain: label() }, as))
        .body;
      const taken = await api.put(`/api/sites/${theirs.id}/domain/`, { domain }, as);
      expect(taken.body.message).toBe('Ese dominio ya está conectado a otro sitio de Impulsa.');
      for (const [method, path] of [
        ['GET', `/api/sites/${site.id}/domain/`],
        ['PUT', `/api/sites/${site.id}/domain/`],
        ['DELETE', `/api/sites/${site.id}/domain/`],
        ['POST', `/api/sites/${site.id}/domain/verify/`],
      ] as const) {
        const res = await api.request(method, path, {
          ...as,
          body: method === 'GET' ? undefined : { domain: 'x.cl' },
        });
        expect(res.status, `${method} ${path}`).toBe(404);
      }
    });

    it('disconnects at once, even the cached page, and the subdomain stays', async () => {
      expect((await api.delete(`/api/sites/${site.id}/domain/`, { token })).status).toBe(200);
      expect((await getWithHost(url, domain, '/')).status).toBe(404);
      expect((await api.get(`/api/sites/${site.id}/domain/`, { token })).status).toBe(404);
      expect((await getWithHost(url, `${subdomain}.localhost`, '/')).status).toBe(200);
    });
  });
});
