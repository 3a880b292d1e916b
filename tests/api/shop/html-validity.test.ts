/**
 * The public pages are valid HTML by the W3C's own checker (vnu.jar, run with the system's Java):
 * a full product page (gallery, rich description, offer, WhatsApp), one with options, a bare one, the 404 and the
 * landing, and a published site's home, catalogue and product page on its subdomain host: the
 * zero-JavaScript public pages. (Pages with islands carry Astro's inline island
 * `<style>` in the body, which the checker refuses: withastro/astro#10308.)
 */
import { describe, expect, inject, it } from 'vitest';
import { ApiClient, getWithHost } from '../../support/http';
import { htmlErrors } from '../../support/html-validator';
import { jpeg, upload } from '../../support/images';
import { SELLER_IDENTITY } from '../../support/shop';

const { url } = inject('servers')[0]!;

describe('public pages against the W3C checker', () => {
  it('has no error on a product page, a product without images, the 404, the landing and a site', async () => {
    const api = new ApiClient(url);
    const { token, user } = await api.register();
    await api.patch(
      '/api/store/',
      { ...SELLER_IDENTITY, name: 'Dulces de la Abuela', whatsapp: '+56912345678', version: 0 },
      { token },
    );
    const photos = [
      await upload(
        url,
        token,
        await jpeg(1200, 900),
        'torta.jpg',
        'image/jpeg',
        'Torta de mil hojas',
      ),
      await upload(url, token, await jpeg(800, 800), 'detalle.jpg', 'image/jpeg'),
    ];
    const category = await api.post('/api/categories/', { name: 'Tortas & Kuchen' }, { token });
    const full = await api.post(
      '/api/products/',
      {
        name: 'Torta "mil hojas" <clásica>',
        description:
          '<p>Con <strong>manjar</strong> y <em>nueces</em>.</p><ul><li>12 porciones</li></ul>' +
          '<p><a href="https://example.cl">Ver más</a></p>',
        price: 12990,
        compare_at_price: 15990,
        stock: 2,
        published: true,
        category: category.body.id,
        images: photos.map((p) => p.body.id),
      },
      { token },
    );
    const bare = await api.post(
      '/api/products/',
      { name: 'Galletas', price: 2500, published: true },
      { token },
    );
    // Options with a picture per colour: the radios, the variant stylesheet in the head.
    const withOptions = await api.post(
      '/api/products/',
      {
        name: 'Torta por tamaño',
        price: 9990,
        published: true,
        images: photos.map((p) => p.body.id),
        options: [
          { name: 'Tamaño', values: ['Chica', 'Grande'] },
          { name: 'Sabor', values: ['Manjar', 'Frambuesa'] },
        ],
        variants: [
          { values: ['Grande', 'Manjar'], price: 15990, image: photos[1]!.body.id },
          { values: ['Chica', 'Frambuesa'], stock: 0 },
        ],
      },
      { token },
    );
    expect(withOptions.status).toBe(201);
    const pages: Record<string, string> = {};
    for (const [name, path] of [
      ['producto', `/shop/${full.body.id}`],
      ['producto-opciones', `/shop/${withOptions.body.id}`],
      ['producto-simple', `/shop/${bare.body.id}`],
      ['no-encontrado', '/shop/999999'],
      ['landing', '/landing'],
      ['terminos', '/terminos'],
      ['privacidad', '/privacidad'],
      ['preferencias', '/privacidad/preferencias'],
      ['tienda', `/tienda/${user.id}`],
      ['tienda-busqueda', `/tienda/${user.id}?q=torta`],
    ] as const) {
      pages[name] = await (await fetch(url + path)).text();
    }
    const subdomain = `valida-${Date.now().toString(36)}`;
    const site = await api.post(
      '/api/sites/',
      { name: 'Dulces & Cía', subdomain, template: 'tienda' },
      { token },
    );
    await api.post(`/api/sites/${site.body.id}/publish/`, undefined, { token });
    for (const [name, path] of [
      ['sitio', '/'],
      ['sitio-tienda', '/shop'],
      ['sitio-busqueda', '/shop?q=mil+hojas'],
      ['sitio-producto', `/shop/${full.body.slug}`],
    ] as const) {
      const page = await getWithHost(url, `${subdomain}.localhost`, path);
      expect(page.status, path).toBe(200);
      pages[name] = page.body;
    }
    // The site's images come from its own host.
    const image = /<img src="(\/media\/[^"]+)"/.exec(pages['sitio-producto']!)![1]!;
    expect((await getWithHost(url, `${subdomain}.localhost`, image)).status).toBe(200);
    expect(await htmlErrors(pages)).toEqual([]);
  });
});
