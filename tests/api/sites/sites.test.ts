/**
 * Sites over HTTP on both engines (DESIGN §7 Sites and pages): create from a template, the
 * subdomain rules, versions and 409s, pages, publishing, and what visitors of the subdomain see
 * (zero script, the seller's products, /config, robots and sitemap); another seller gets 404.
 */
import { describe, expect, inject, it } from 'vitest';
import { ApiClient, getWithHost } from '../../support/http';

const servers = inject('servers');

describe.each(servers)('sites on $kind', ({ url }) => {
  const label = () => `tienda-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

  it('creates a site from a template, checks subdomains, saves with versions and publishes it to its host', async () => {
    const api = new ApiClient(url);
    const { token } = await api.register();
    const subdomain = label();
    expect((await api.post('/api/sites/', { name: 'Dulces', subdomain: 'www' }, { token })).body.errors.subdomain[0]).toBe('Ese subdominio está reservado. Elige otro.');
    expect((await api.get(`/api/sites/availability/?subdomain=${subdomain}`, { token })).body).toMatchObject({ available: true });
    const created = await api.post('/api/sites/', { name: 'Dulces de la Abuela', subdomain, template: 'tienda' }, { token });
    expect(created.status).toBe(201);
    const site = created.body;
    expect(site).toMatchObject({ name: 'Dulces de la Abuela', subdomain, published: false, domain_status: 'none', custom_domain: null, version: 1 });
    expect((await api.get(`/api/sites/availability/?subdomain=${subdomain}`, { token })).body).toMatchObject({ available: false });
    expect((await api.post('/api/sites/', { name: 'Otra', subdomain }, { token })).body.errors.subdomain[0]).toBe('Ese subdominio ya está en uso. Prueba con otro.');

    // Unpublished: the host is the site 404.
    expect((await getWithHost(url, `${subdomain}.localhost`, '/')).status).toBe(404);

    const patched = await api.patch(`/api/sites/${site.id}/`, { whatsapp: '9 8765 4321', theme: { primary: '#9d174d' }, seo: { description: 'Tortas y kuchen de Puerto Varas.' }, version: 1 }, { token });
    expect(patched.body).toMatchObject({ whatsapp: '+56987654321', theme: { primary: '#9d174d', font: 'moderna' }, version: 2 });
    const stale = await api.patch(`/api/sites/${site.id}/`, { name: 'Viejo', version: 1 }, { token });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ version: 2 });

    const pages = (await api.get(`/api/sites/${site.id}/pages/`, { token })).body;
    expect(pages.map((p: { path: string }) => p.path)).toEqual(['/']);
    const home = pages[0];
    const data = { ...home.data, content: [...home.data.content, { type: 'Text', props: { id: 'nota', text: '<p>Pedidos con <strong>48 horas</strong>.<script>alert(1)</script></p>' } }] };
    const saved = await api.put(`/api/sites/${site.id}/pages/${home.id}/`, { data, version: home.version }, { token });
    expect(saved.status).toBe(200);
    expect(JSON.stringify(saved.body.data)).not.toContain('script');
    expect((await api.put(`/api/sites/${site.id}/pages/${home.id}/`, { data, version: home.version }, { token })).status).toBe(409);
    const about = await api.post(`/api/sites/${site.id}/pages/`, { path: '/nosotras', title: 'Nosotras' }, { token });
    expect(about.status).toBe(201);
    expect((await api.post(`/api/sites/${site.id}/pages/`, { path: '/shop', title: 'x' }, { token })).status).toBe(400);
    expect((await api.delete(`/api/sites/${site.id}/pages/${home.id}/`, { token })).status).toBe(400);

    await api.post('/api/products/', { name: 'Kuchen de murta', price: 8990, published: true }, { token });
    await api.post('/api/products/', { name: 'Borrador secreto', price: 1000 }, { token });
    expect((await api.post(`/api/sites/${site.id}/publish/`, undefined, { token })).body).toMatchObject({ published: true });

    const visit = await getWithHost(url, `${subdomain}.localhost`, '/');
    expect(visit.status).toBe(200);
    expect(visit.body).not.toMatch(/<script(?! type="application\/ld\+json")/);
    expect(visit.body).toContain('Dulces de la Abuela');
    expect(visit.body).toContain('Kuchen de murta');
    expect(visit.body).not.toContain('Borrador secreto');
    expect(visit.body).toContain('<strong>48 horas</strong>');
    expect(visit.body).toContain('https://wa.me/56987654321');
    expect(visit.body).toContain('--site-primary:#9d174d');
    expect(visit.body).toContain('href="/nosotras"');
    expect((await getWithHost(url, `${subdomain}.localhost`, '/nosotras')).status).toBe(200);
    expect((await getWithHost(url, `${subdomain}.localhost`, '/shop')).body).toContain('Kuchen de murta');
    const product = await getWithHost(url, `${subdomain}.localhost`, '/shop/kuchen-de-murta');
    expect(product.status).toBe(302);
    const config = JSON.parse((await getWithHost(url, `${subdomain}.localhost`, '/config')).body);
    expect(config).toMatchObject({ name: 'Dulces de la Abuela', currency: 'CLP', whatsapp: '+56987654321', payment_methods: ['whatsapp'] });
    expect((await getWithHost(url, `${subdomain}.localhost`, '/robots.txt')).body).toContain('Sitemap:');
    expect((await getWithHost(url, `${subdomain}.localhost`, '/sitemap.xml')).body).toContain('/nosotras</loc>');
    // A tenant host never reaches the app.
    for (const path of ['/dashboard', '/login', '/no-existe']) expect((await getWithHost(url, `${subdomain}.localhost`, path)).status).toBe(404);
    // The preview link on the main domain renders the same site.
    const preview = await fetch(`${url}/page-builder/_render/${subdomain}`);
    expect(preview.status).toBe(200);
    expect(await preview.text()).toContain('Kuchen de murta');

    expect((await api.post('/api/sites/lookup_by_domain/', { domain_type: 'subdomain', value: subdomain })).body).toMatchObject({ name: 'Dulces de la Abuela' });
    expect((await api.post('/api/sites/lookup_by_domain/', { domain_type: 'custom', value: 'no-existe.cl' })).status).toBe(404);
    expect((await api.get(`/api/tls/ask?domain=${subdomain}.impulsa.cl`)).status).toBe(200);
    expect((await api.get('/api/tls/ask?domain=cualquiera.example')).status).toBe(404);
    expect((await api.get('/api/tls/ask?domain=%00x.impulsa.cl')).status).toBe(404);

    // Another seller: 404 everywhere, as if the site did not exist.
    const other = await new ApiClient(url).register();
    for (const [method, path] of [['GET', `/api/sites/${site.id}/`], ['GET', `/api/sites/${site.id}/pages/`], ['POST', `/api/sites/${site.id}/publish/`], ['DELETE', `/api/sites/${site.id}/`], ['GET', `/api/sites/${site.id}/pages/${home.id}/`]] as const) {
      expect((await api.request(method, path, { token: other.token, useCookies: false })).status).toBe(404);
    }
    expect((await api.get('/api/sites/', { token: other.token })).body.count).toBe(0);

    expect((await api.delete(`/api/sites/${site.id}/`, { token })).status).toBe(200);
    expect((await getWithHost(url, `${subdomain}.localhost`, '/')).status).toBe(404);
  });
});
