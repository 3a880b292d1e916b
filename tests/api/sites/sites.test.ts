/**
 * Sites over HTTP on both engines (docs/design.md §7 Sites and pages): create from a template, the
 * subdomain rules, versions and 409s, pages, publishing, and what visitors of the subdomain see
 * (zero script, the seller's products, /config, robots and sitemap); another seller gets 404.
 */
import { describe, expect, inject, it } from 'vitest';
import { setTxt } from '../../support/dns';
import { ApiClient, getWithHost } from '../../support/http';
import { SELLER_IDENTITY } from '../../support/shop';

const servers = inject('servers');
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

  it('creates a site from a template, saves it with versions and publishes it to its host', async () => {
    const api = new ApiClient(url);
    const { token } = await api.register();
    const subdomain = label();
    expect(
      (await api.post('/api/sites/', { name: 'Dulces', subdomain: 'www' }, { token })).body.errors
        .subdomain[0],
    ).toBe('Ese subdominio está reservado. Elige otro.');
    expect(
      (await api.get(`/api/sites/availability/?subdomain=${subdomain}`, { token })).body,
    ).toMatchObject({ available: true });
    const created = await api.post(
      '/api/sites/',
      { name: 'Dulces de la Abuela', subdomain, template: 'tienda' },
      { token },
    );
    expect(created.status).toBe(201);
    const site = created.body;
    expect(site).toMatchObject({
      name: 'Dulces de la Abuela',
      subdomain,
      published: false,
      domain_status: 'none',
      custom_domain: null,
      version: 1,
    });
    expect(
      (await api.get(`/api/sites/availability/?subdomain=${subdomain}`, { token })).body,
    ).toMatchObject({ available: false });
    expect(
      (await api.post('/api/sites/', { name: 'Otra', subdomain }, { token })).body.errors
        .subdomain[0],
    ).toBe('Ese subdominio ya está en uso. Prueba con otro.');

    // Unpublished: the host is the site 404.
    expect((await getWithHost(url, `${subdomain}.localhost`, '/')).status).toBe(404);

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

    const pages = (await api.get(`/api/sites/${site.id}/pages/`, { token })).body.results;
    expect(pages.map((p: { path: string }) => p.path)).toEqual(['/']);
    const home = pages[0];
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
    const saved = await api.put(
      `/api/sites/${site.id}/pages/${home.id}/`,
      { data, version: home.version },
      { token },
    );
    expect(saved.status).toBe(200);
    expect(JSON.stringify(saved.body.data)).not.toContain('script');
    expect(
      (
        await api.put(
          `/api/sites/${site.id}/pages/${home.id}/`,
          { data, version: home.version },
          { token },
        )
      ).status,
    ).toBe(409);
    const about = await api.post(
      `/api/sites/${site.id}/pages/`,
      { path: '/nosotras', title: 'Nosotras' },
      { token },
    );
    expect(about.status).toBe(201);
    expect(
      (await api.post(`/api/sites/${site.id}/pages/`, { path: '/shop', title: 'x' }, { token }))
        .status,
    ).toBe(400);
    expect((await api.delete(`/api/sites/${site.id}/pages/${home.id}/`, { token })).status).toBe(
      400,
    );

    const kuchen = (
      await api.post(
        '/api/products/',
        { name: 'Kuchen de murta', price: 8990, published: true },
        { token },
      )
    ).body;
    const draft = (
      await api.post('/api/products/', { name: 'Borrador secreto', price: 1000 }, { token })
    ).body;
    expect(
      (await api.post(`/api/sites/${site.id}/publish/`, undefined, { token })).body,
    ).toMatchObject({ published: true });

    const visit = await getWithHost(url, `${subdomain}.localhost`, '/');
    expect(visit.status).toBe(200);
    expect(visit.body).not.toMatch(/<script(?! type="application\/ld\+json")/);
    expect(visit.body).toContain('Dulces de la Abuela');
    expect(visit.body).toContain('Kuchen de murta');
    expect(visit.body).not.toContain('Borrador secreto');
    expect(visit.body).toContain('<strong>48 horas</strong>');
    expect(visit.body).toContain('https://wa.me/56987654321');
    // Anonymous visits are answered from the render cache, keyed by the host and path as requested.
    await getWithHost(url, `${subdomain}.localhost`, '/');
    expect((await getWithHost(url, `${subdomain}.localhost`, '/')).headers['x-render-cache']).toBe(
      'hit',
    );
    expect(visit.body).toContain('--site-primary:#9d174d');
    expect(visit.body).toContain('href="/nosotras"');
    expect((await getWithHost(url, `${subdomain}.localhost`, '/nosotras')).status).toBe(200);
    expect((await getWithHost(url, `${subdomain}.localhost`, '/shop')).body).toContain(
      'Kuchen de murta',
    );
    // A product's page inside the site: its theme and navigation, its own canonical URL and JSON-LD, zero script.
    const product = await getWithHost(url, `${subdomain}.localhost`, '/shop/kuchen-de-murta');
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
    const renamed = await api.patch(
      `/api/products/${kuchen.id}/`,
      { name: 'Kuchen de murta sureño', version: kuchen.version },
      { token },
    );
    expect(renamed.status).toBe(200);
    const moved = await getWithHost(url, `${subdomain}.localhost`, '/shop/kuchen-de-murta');
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe(`/shop/${renamed.body.slug}`);
    expect(
      (await getWithHost(url, `${subdomain}.localhost`, `/shop/${renamed.body.slug}`)).body,
    ).toContain('Kuchen de murta sureño');
    // A product page inside a site is tagged with the site too: a new colour reaches it at once.
    const productPath = `/shop/${renamed.body.slug}`;
    await getWithHost(url, `${subdomain}.localhost`, productPath);
    expect(
      (await getWithHost(url, `${subdomain}.localhost`, productPath)).headers['x-render-cache'],
    ).toBe('hit');
    const current = (await api.get(`/api/sites/${site.id}/`, { token })).body;
    const recoloured = await api.patch(
      `/api/sites/${site.id}/`,
      { theme: { primary: '#1d4ed8' }, version: current.version },
      { token },
    );
    expect(recoloured.status).toBe(200);
    expect((await getWithHost(url, `${subdomain}.localhost`, productPath)).body).toContain(
      '--site-primary:#1d4ed8',
    );
    expect((await getWithHost(url, `${subdomain}.localhost`, `/shop/${draft.slug}`)).status).toBe(
      404,
    );
    const sitemap = (await getWithHost(url, `${subdomain}.localhost`, '/sitemap.xml')).body;
    expect(sitemap).toContain(`/shop/${renamed.body.slug}</loc><lastmod>`);
    expect(sitemap).not.toContain(draft.slug);
    const config = JSON.parse((await getWithHost(url, `${subdomain}.localhost`, '/config')).body);
    expect(config).toMatchObject({
      name: 'Dulces de la Abuela',
      currency: 'CLP',
      whatsapp: '+56987654321',
      payment_methods: ['whatsapp'],
    });
    expect((await getWithHost(url, `${subdomain}.localhost`, '/robots.txt')).body).toContain(
      'Sitemap:',
    );
    expect((await getWithHost(url, `${subdomain}.localhost`, '/sitemap.xml')).body).toContain(
      '/nosotras</loc>',
    );
    // A tenant host never reaches the app.
    for (const path of ['/dashboard', '/login', '/no-existe'])
      expect((await getWithHost(url, `${subdomain}.localhost`, path)).status).toBe(404);
    // Not even with the app's session cookie: a tenant host never reads it, nor sets one.
    const me = await getWithHost(url, `${subdomain}.localhost`, '/api/users/me/', {
      Cookie: `impulsa_session=${token}`,
    });
    expect(me.status).toBe(404);
    expect(visit.headers['set-cookie']).toBeUndefined();
    // The preview link on the main domain renders the same site.
    const preview = await fetch(`${url}/page-builder/_render/${subdomain}`);
    expect(preview.status).toBe(200);
    expect(await preview.text()).toContain('Kuchen de murta');

    expect(
      (
        await api.post('/api/sites/lookup_by_domain/', {
          domain_type: 'subdomain',
          value: subdomain,
        })
      ).body,
    ).toMatchObject({ name: 'Dulces de la Abuela' });
    expect(
      (
        await api.post('/api/sites/lookup_by_domain/', {
          domain_type: 'custom',
          value: 'no-existe.cl',
        })
      ).status,
    ).toBe(404);
    expect((await api.get(`/api/tls/ask?domain=${subdomain}.impulsa.cl`)).status).toBe(200);
    expect((await api.get('/api/tls/ask?domain=cualquiera.example')).status).toBe(404);
    // Only one label names a site: anything deeper is nobody's, for pages and certificates alike.
    for (const deeper of [`${subdomain}.x.impulsa.cl`, `x.${subdomain}.impulsa.cl`]) {
      expect((await api.get(`/api/tls/ask?domain=${deeper}`)).status).toBe(404);
      expect((await getWithHost(url, deeper, '/')).status).toBe(404);
    }
    // A name asked about again and again (a proxy made to knock for it) is refused for a while.
    const knocked = `knock-${subdomain}.impulsa.cl`;
    const asks = [];
    for (let i = 0; i < 21; i++)
      asks.push((await api.get(`/api/tls/ask?domain=${knocked}`)).status);
    expect(asks.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(asks[20]).toBe(429);
    expect((await api.get(`/api/tls/ask?domain=${subdomain}.impulsa.cl`)).status).toBe(200);
    // A NUL in any query is refused before the route (a 400): Caddy gets no certificate either way.
    expect((await api.get('/api/tls/ask?domain=%00x.impulsa.cl')).status).toBe(400);

    // Another seller: 404 everywhere, as if the site did not exist.
    const other = await new ApiClient(url).register();
    for (const [method, path] of [
      ['GET', `/api/sites/${site.id}/`],
      ['GET', `/api/sites/${site.id}/pages/`],
      ['POST', `/api/sites/${site.id}/publish/`],
      ['DELETE', `/api/sites/${site.id}/`],
      ['GET', `/api/sites/${site.id}/pages/${home.id}/`],
    ] as const) {
      expect(
        (await api.request(method, path, { token: other.token, useCookies: false })).status,
      ).toBe(404);
    }
    expect((await api.get('/api/sites/', { token: other.token })).body.count).toBe(0);

    expect((await api.delete(`/api/sites/${site.id}/`, { token })).status).toBe(200);
    expect((await getWithHost(url, `${subdomain}.localhost`, '/')).status).toBe(404);
  });

  it('a custom domain: TXT record checked on a real DNS server, served and disconnected at once', async () => {
    const api = new ApiClient(url);
    const { token } = await api.register();
    const subdomain = label();
    const site = (
      await api.post(
        '/api/sites/',
        { name: 'Cerámica Sur', subdomain, template: 'en-blanco' },
        { token },
      )
    ).body;
    await api.post(`/api/sites/${site.id}/publish/`, undefined, { token });
    const domain = `www.${subdomain}.cl`;

    expect(
      (await api.put(`/api/sites/${site.id}/domain/`, { domain: 'no es un dominio' }, { token }))
        .body.errors.domain[0],
    ).toBe('Escribe un dominio como mitienda.cl o www.mitienda.cl.');
    expect(
      (await api.put(`/api/sites/${site.id}/domain/`, { domain: 'tienda.impulsa.cl' }, { token }))
        .status,
    ).toBe(400);
    const set = await api.put(
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
    // Pending: the domain does not serve the site, and Caddy gets no certificate for it.
    expect((await getWithHost(url, domain, '/')).status).toBe(404);
    expect((await api.get(`/api/tls/ask?domain=${domain}`)).status).toBe(404);

    // No record at all.
    setTxt(dnsZone, `_impulsa.${domain}`, null);
    const none = await api.post(`/api/sites/${site.id}/domain/verify/`, undefined, { token });
    expect(none.body).toMatchObject({
      status: 'pending',
      reason: expect.stringContaining('Todavía no encontramos el registro TXT'),
    });
    expect(none.body.checked_at).toEqual(expect.any(String));
    // A record with another value.
    setTxt(dnsZone, `_impulsa.${domain}`, [['v=spf1 -all'], ['impulsa-verificacion=0000']]);
    expect(
      (await api.post(`/api/sites/${site.id}/domain/verify/`, undefined, { token })).body,
    ).toMatchObject({ status: 'pending', reason: expect.stringContaining('su valor no coincide') });
    expect((await getWithHost(url, domain, '/')).status).toBe(404);
    // The right value, split in two chunks as long TXT values are.
    const token_ = set.body.txt.value as string;
    setTxt(dnsZone, `_impulsa.${domain}`, [
      ['v=spf1 -all'],
      [token_.slice(0, 10), token_.slice(10)],
    ]);
    const verified = await api.post(`/api/sites/${site.id}/domain/verify/`, undefined, { token });
    expect(verified.body).toMatchObject({ status: 'verified', reason: null });
    expect((await api.get(`/api/sites/${site.id}/`, { token })).body).toMatchObject({
      custom_domain: domain,
      domain_status: 'verified',
      url: `https://${domain}`,
    });

    const home = await getWithHost(url, domain, '/');
    expect(home.status).toBe(200);
    expect(home.body).toContain('Cerámica Sur');
    expect(home.body).toContain(`<link rel="canonical" href="https://${domain}/"`);
    expect((await getWithHost(url, domain, '/dashboard')).status).toBe(404);
    expect((await getWithHost(url, domain.toUpperCase() + '.:443', '/')).status).toBe(200);
    expect(
      (await api.post('/api/sites/lookup_by_domain/', { domain_type: 'custom', value: domain }))
        .body,
    ).toMatchObject({ name: 'Cerámica Sur', custom_domain: domain });
    expect((await api.get(`/api/tls/ask?domain=${domain}`)).status).toBe(200);

    // Nobody else can take a verified domain, and another seller cannot touch this one.
    const other = await new ApiClient(url).register();
    const theirs = (
      await api.post(
        '/api/sites/',
        { name: 'Copia', subdomain: label() },
        { token: other.token, useCookies: false },
      )
    ).body;
    expect(
      (
        await api.put(
          `/api/sites/${theirs.id}/domain/`,
          { domain },
          { token: other.token, useCookies: false },
        )
      ).body.message,
    ).toBe('Ese dominio ya está conectado a otro sitio de Impulsa.');
    for (const [method, path] of [
      ['GET', `/api/sites/${site.id}/domain/`],
      ['PUT', `/api/sites/${site.id}/domain/`],
      ['DELETE', `/api/sites/${site.id}/domain/`],
      ['POST', `/api/sites/${site.id}/domain/verify/`],
    ] as const) {
      expect(
        (
          await api.request(method, path, {
            token: other.token,
            useCookies: false,
            body: method === 'GET' ? undefined : { domain: 'x.cl' },
          })
        ).status,
      ).toBe(404);
    }

    // Disconnecting takes effect at once, even for the cached page.
    expect((await api.delete(`/api/sites/${site.id}/domain/`, { token })).status).toBe(200);
    expect((await getWithHost(url, domain, '/')).status).toBe(404);
    expect((await api.get(`/api/sites/${site.id}/domain/`, { token })).status).toBe(404);
    expect((await getWithHost(url, `${subdomain}.localhost`, '/')).status).toBe(200);
  });
});
