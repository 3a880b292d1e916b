/**
 * The shop's search (`/shop?q=`) on a site host, on PGlite and PostgreSQL: accent- and
 * case-insensitive over names, variant values, descriptions and categories; every word must
 * match; the name ranks first; paged; only the seller's published products; zero JavaScript;
 * cached one copy per query. And the same catalogue on the main domains, `/tienda/{seller}`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, getWithHost } from '../../support/http';
import { claimServers } from '../../support/claims';

const servers = claimServers();

/** The product names of a results page, in their order. */
const namesOf = (html: string) =>
  [...html.matchAll(/class="site-card-name">([^<]+)</g)].map((m) => m[1]!);

describe.each(servers)('the shop’s search on $kind', ({ url }) => {
  let get: (path: string) => ReturnType<typeof getWithHost>;
  let sellerId: number;

  beforeAll(async () => {
    const api = new ApiClient(url);
    const { token, user } = await api.register();
    sellerId = user.id;
    await api.patch('/api/store/', { name: 'Almacén Sur', version: 0 }, { token });
    const category = async (name: string) =>
      (await api.post('/api/categories/', { name }, { token })).body.id as number;
    const tortas = await category('Tortas');
    const product = async (fields: Record<string, unknown>) => {
      const made = await api.post(
        '/api/products/',
        { price: 1000, published: true, ...fields },
        { token },
      );
      expect(made.status).toBe(201);
    };
    await product({ name: 'Mantequilla de campo', description: '<p>Ideal con pan amasado.</p>' });
    await product({ name: 'Pan Amasado', description: '<p>Hecho en horno de barro.</p>' });
    await product({ name: 'Kuchen de Nuez', category: tortas });
    await product({
      name: 'Cojín Bordado',
      options: [{ name: 'Color', values: ['Azul marino', 'Rojo'] }],
    });
    await product({ name: 'Pan secreto', published: false });
    for (let i = 1; i <= 26; i++) await product({ name: `Galleta ${i}` });
    // Another seller's bread is never found on this shop.
    const other = await api.register();
    await api.post(
      '/api/products/',
      { name: 'Pan amasado ajeno', price: 900, published: true },
      { token: other.token },
    );

    const subdomain = `busca-${Date.now().toString(36)}`;
    const site = (
      await api.post('/api/sites/', { name: 'Almacén', subdomain, template: 'tienda' }, { token })
    ).body;
    await api.post(`/api/sites/${site.id}/publish/`, undefined, { token });
    get = (path) => getWithHost(url, `${subdomain}.localhost`, path);
  });

  it('finds a name without its accents or case', async () => {
    expect(namesOf((await get('/shop?q=COJIN')).body)).toEqual(['Cojín Bordado']);
  });

  it('needs every word, each as the start of a word', async () => {
    expect(namesOf((await get('/shop?q=pan+amas')).body)).toEqual([
      'Pan Amasado',
      'Mantequilla de campo',
    ]);
  });

  it('ranks a match in the name above one in the description', async () => {
    expect(namesOf((await get('/shop?q=pan')).body)[0]).toBe('Pan Amasado');
  });

  it('finds a product by its variant values', async () => {
    expect(namesOf((await get('/shop?q=marino')).body)).toEqual(['Cojín Bordado']);
  });

  it('finds a product by its category, singular for plural', async () => {
    expect(namesOf((await get('/shop?q=torta')).body)).toEqual(['Kuchen de Nuez']);
  });

  it('never shows a draft or another seller’s product', async () => {
    const found = namesOf((await get('/shop?q=pan')).body);
    expect(found).not.toContain('Pan secreto');
    expect(found).not.toContain('Pan amasado ajeno');
  });

  it('pages 24 at a time and answers 404 past the last page', async () => {
    const first = await get('/shop?q=galleta');
    expect(namesOf(first.body)).toHaveLength(24);
    expect(first.body).toContain('26 productos encontrados.');
    expect(first.body).toContain('href="/shop?q=galleta&amp;pagina=2" rel="next"');
    expect(namesOf((await get('/shop?q=galleta&pagina=2')).body)).toHaveLength(2);
    expect((await get('/shop?q=galleta&pagina=3')).status).toBe(404);
  });

  it('says so when nothing matches, with the search kept in its field', async () => {
    const none = await get('/shop?q=bicicleta');
    expect(none.status).toBe(200);
    expect(none.body).toContain('No encontramos productos con esas palabras.');
    expect(none.body).toMatch(/<input[^>]*name="q"[^>]*value="bicicleta"/);
  });

  it('escapes what was typed and treats search syntax as words', async () => {
    const hostile = await get(`/shop?q=${encodeURIComponent('<script>x</script> & | !:*')}`);
    expect(hostile.status).toBe(200);
    // Outside attribute values (where `<` is plain text), no tag was made of it.
    expect(hostile.body.replace(/"[^"]*"/g, '""')).not.toContain('<script>x');
    expect(hostile.body).toContain('Resultados para «&lt;script&gt;x&lt;/script&gt; &amp; | !:*»');
  });

  it('is a zero-JavaScript page that search engines do not index', async () => {
    const page = (await get('/shop?q=pan')).body;
    expect(page).not.toMatch(/<script(?! type="application\/ld\+json")/);
    expect(page).toContain('<meta name="robots" content="noindex');
    expect(page).toContain('<form class="site-search" role="search" method="get" action="/shop">');
  });

  it('serves a repeated search from the cache, one copy per query', async () => {
    await get('/shop?q=nuez&pagina=1');
    const again = await get('/shop?pagina=1&q=nuez');
    expect(again.headers['x-render-cache']).toBe('hit');
    expect(namesOf(again.body)).toEqual(['Kuchen de Nuez']);
  });

  it('is the shop’s catalogue on the main domains too, linking to the main product pages', async () => {
    const page = await fetch(`${url}/tienda/${sellerId}?q=cojin`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(namesOf(html)).toEqual(['Cojín Bordado']);
    expect(html).toMatch(/<a href="\/shop\/\d+"/);
    expect(html).not.toMatch(/<script(?! type="application\/ld\+json")/);
    expect(html).toContain('<meta name="robots" content="noindex">');
    const all = await (await fetch(`${url}/tienda/${sellerId}`)).text();
    expect(all).toContain('<title>Almacén Sur: productos');
    expect(all).toContain('action="/tienda/');
  });

  it('is a 404 for a shop that does not exist or was never set up', async () => {
    expect((await fetch(`${url}/tienda/999999999`)).status).toBe(404);
    expect((await fetch(`${url}/tienda/abc`)).status).toBe(404);
    const { user } = await new ApiClient(url).register();
    expect((await fetch(`${url}/tienda/${user.id}`)).status).toBe(404);
  });
});
