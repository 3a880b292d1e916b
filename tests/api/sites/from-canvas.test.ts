/**
 * "Crear mi sitio desde el canvas" on PGlite and PostgreSQL: an unpublished site drafted from the
 * canvas and unpublished product drafts at the prices its revenue streams name; another seller's
 * canvas is a 404; a taken address is a Spanish 400; nothing the seller has is duplicated.
 */
import { describe, expect, it } from 'vitest';
import { BAKERY_CANVAS, filledCanvas } from '../../support/canvas';
import { ApiClient, getWithHost } from '../../support/http';
import { claimServers } from '../../support/claims';

const servers = claimServers();

describe.each(servers)('a site from a canvas on $kind', ({ url }) => {
  it('drafts the site and the products; publishes only when the seller does', async () => {
    const api = new ApiClient(url);
    const { token } = await api.register();
    const as = { token };
    await api.post('/api/products/', { name: 'Pan amasado', price: 2200 }, as);
    const canvas = await filledCanvas(api, token, 'Panadería Rosa');
    const subdomain = `rosa-${Date.now().toString(36)}`;

    const made = await api.post(`/api/canvases/${canvas}/site/`, { subdomain }, as);
    expect(made.status).toBe(201);
    expect(made.body.site).toMatchObject({ name: 'Panadería Rosa', subdomain, published: false });
    // «Pan amasado» is already in the catalogue: left as it was, not duplicated.
    expect(made.body.products).toEqual([
      expect.objectContaining({ name: 'Torta de mil hojas', price: 18990, published: false }),
    ]);
    const catalogue = (await api.get('/api/products/', as)).body.results;
    expect(catalogue.find((p: { name: string }) => p.name === 'Pan amasado').price).toBe(2200);

    const pages = (await api.get(`/api/sites/${made.body.site.id}/pages/`, as)).body.results;
    const home = (await api.get(`/api/sites/${made.body.site.id}/pages/${pages[0].id}/`, as)).body;
    const hero = home.data.content.find((b: { type: string }) => b.type === 'Hero');
    expect(hero.props.subtitle).toBe('Pan de masa madre horneado cada mañana');
    expect(JSON.stringify(home.data)).toContain('Familias de Ñuñoa');
    // Not public until the seller publishes it.
    expect((await getWithHost(url, `${subdomain}.localhost`, '/')).status).toBe(404);
    await api.post(`/api/sites/${made.body.site.id}/publish/`, undefined, as);
    const live = await getWithHost(url, `${subdomain}.localhost`, '/');
    expect(live.status).toBe(200);
    expect(live.body).toContain('Pan de masa madre horneado cada mañana');
    expect(live.body).toContain('Hornear de madrugada');

    const again = await api.post(`/api/canvases/${canvas}/site/`, { subdomain }, as);
    expect(again.status).toBe(400);
    expect(again.body.errors.subdomain).toEqual([
      'Ese subdominio ya está en uso. Prueba con otro.',
    ]);
    const stranger = new ApiClient(url);
    const other = (await stranger.register()).token;
    expect(
      (
        await stranger.post(
          `/api/canvases/${canvas}/site/`,
          { subdomain: `${subdomain}-b` },
          { token: other },
        )
      ).status,
    ).toBe(404);
  });

  it('is all or nothing: a refused product leaves no site, and the same address works on the retry', async () => {
    const api = new ApiClient(url);
    const { token } = await api.register();
    const as = { token };
    const canvas = await filledCanvas(api, token, 'Panadería Rosa', {
      ...BAKERY_CANVAS,
      'flujo-de-ingresos': ['Torta de mil hojas: $18.990', 'Contrato anual: $9.999.999.999'],
    });
    const subdomain = `todo-${Date.now().toString(36)}`;
    const refused = await api.post(`/api/canvases/${canvas}/site/`, { subdomain }, as);
    expect(refused.status).toBe(400);
    expect((await api.get('/api/sites/', as)).body.results).toEqual([]);
    expect((await api.get('/api/products/', as)).body.results).toEqual([]);

    // The seller fixes the note; the address they chose is still theirs to take.
    await api.put(
      `/api/canvases/${canvas}/sections/flujo-de-ingresos/`,
      {
        notes: [
          { id: 'nota9001', text: 'Contrato anual: $990.000', color: 'amarillo', segmentIds: [] },
        ],
        version: 1,
      },
      as,
    );
    const made = await api.post(`/api/canvases/${canvas}/site/`, { subdomain }, as);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.products.map((p: { name: string }) => p.name)).toEqual(['Contrato anual']);
  });
});
