/** docs/design.md §7 Store, Media, Categories and products, over HTTP on both engines, and the public page. */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/http';
import { jpeg, pngClaiming, SVG_WITH_SCRIPT, TEXT_AS_JPG, upload } from '../../support/images';
import { SELLER_IDENTITY } from '../../support/shop';
import { claimServers } from '../../support/claims';

const servers = claimServers({ bothEngines: true });
const NOT_AN_IMAGE = 'Ese archivo no es una imagen JPEG, PNG, WebP o AVIF.';

async function seller(url: string) {
  const api = new ApiClient(url);
  const { token, user } = await api.register();
  const as = { token };
  return { api, token, user, as };
}

describe.each(servers)('shop API on $kind', ({ url }) => {
  describe('media', () => {
    let photo: { status: number; body: any };
    let seen: Awaited<ReturnType<typeof seller>>;
    beforeAll(async () => {
      seen = await seller(url);
      // 1200×800 stored with orientation 6: it is a portrait photo.
      photo = await upload(
        url,
        seen.token,
        await jpeg(1200, 800, { orientation: 6, gps: true }),
        'foto.jpg',
        'image/jpeg',
        'Torta de chocolate',
      );
    });

    it('stores a phone photo upright, as AVIF and WebP variants no wider than itself', () => {
      expect(photo.status).toBe(201);
      expect(photo.body).toMatchObject({ width: 800, height: 1200, alt: 'Torta de chocolate' });
      expect(photo.body.url).toMatch(/^\/media\/[A-Za-z0-9_-]{32}\.webp$/);
      const formats = new Set(photo.body.variants.map((v: { format: string }) => v.format));
      expect(formats).toEqual(new Set(['avif', 'webp']));
      const widths = photo.body.variants.map((v: { width: number }) => v.width);
      expect(Math.max(...widths)).toBeLessThanOrEqual(800);
    });

    it('serves it immutable and without EXIF, with a 304 for its ETag', async () => {
      const res = await fetch(url + photo.body.url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const served = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(served.exif).toBeUndefined();
      expect(served.height).toBeGreaterThan(served.width);
      const again = await fetch(url + photo.body.url, {
        headers: { 'If-None-Match': res.headers.get('etag')! },
      });
      expect(again.status).toBe(304);
    });

    it('makes a 1200×630 JPEG to share', async () => {
      const share = await fetch(url + photo.body.share_url);
      expect(share.headers.get('content-type')).toBe('image/jpeg');
      expect(await sharp(Buffer.from(await share.arrayBuffer())).metadata()).toMatchObject({
        width: 1200,
        height: 630,
      });
    });

    it.each([
      [SVG_WITH_SCRIPT, 'logo.svg', 'image/svg+xml', NOT_AN_IMAGE],
      [TEXT_AS_JPG, 'foto.jpg', 'image/jpeg', NOT_AN_IMAGE],
      [
        pngClaiming(20_000, 20_000),
        'enorme.png',
        'image/png',
        'La imagen es demasiado grande (más de 40 megapíxeles). Redúcela e inténtalo de nuevo.',
      ],
    ] as const)(
      'refuses a hostile file with a Spanish 400 (%#: %s)',
      async (bytes, name, type, message) => {
        const refused = await upload(url, seen.token, bytes, name, type);
        expect(refused.status, name).toBe(400);
        expect(refused.body.message).toBe(message);
      },
    );
    it('refuses a file over 10 MB with a 413; the library holds the one photo it took', async () => {
      const huge = await upload(
        url,
        seen.token,
        Buffer.alloc(10 * 1024 * 1024 + 10, 1),
        'grande.jpg',
        'image/jpeg',
      );
      expect(huge.status).toBe(413);
      expect((await seen.api.get('/api/media/', seen.as)).body.count).toBe(1);
      expect((await fetch(`${url}/media/${'a'.repeat(32)}.webp`)).status).toBe(404);
    });
  });

  it('store: defaults, a validated WhatsApp, a stale version → 409 with the stored copy', async () => {
    const { api, as } = await seller(url);
    expect((await api.get('/api/store/', as)).body).toMatchObject({
      name: '',
      whatsapp: null,
      version: 0,
    });
    const bad = await api.patch(
      '/api/store/',
      { ...SELLER_IDENTITY, whatsapp: '22 123 4567', version: 0 },
      as,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors.whatsapp[0]).toBe(
      'Escribe un celular chileno, por ejemplo +56 9 1234 5678.',
    );
    const saved = await api.patch(
      '/api/store/',
      { ...SELLER_IDENTITY, name: 'Dulces Rosa', whatsapp: '9 8765 4321', version: 0 },
      as,
    );
    expect(saved.body).toMatchObject({
      name: 'Dulces Rosa',
      whatsapp: '+56987654321',
      version: 1,
    });
    const stale = await api.patch(
      '/api/store/',
      { ...SELLER_IDENTITY, name: 'Otro', version: 0 },
      as,
    );
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ name: 'Dulces Rosa', version: 1 });
  });

  it('a product keeps its parcel for couriers; kilos with decimals or a side of 3 m get a Spanish 400', async () => {
    const { api, as } = await seller(url);
    const made = await api.post(
      '/api/products/',
      { name: 'Taza', price: 8990, weight_g: 450, length_cm: 12, width_cm: 10, height_cm: 10 },
      as,
    );
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ weight_g: 450, length_cm: 12, width_cm: 10, height_cm: 10 });
    const cleared = await api.patch(
      `/api/products/${made.body.id}/`,
      { version: made.body.version, weight_g: null, height_cm: '' },
      as,
    );
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ weight_g: null, height_cm: null, length_cm: 12 });
    const plain = await api.post('/api/products/', { name: 'Vela', price: 4990 }, as);
    expect(plain.body).toMatchObject({
      weight_g: null,
      length_cm: null,
      width_cm: null,
      height_cm: null,
    });
    const bad = await api.post(
      '/api/products/',
      { name: 'Saco', price: 1000, weight_g: 1.5, height_cm: 301 },
      as,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      weight_g: ['Escribe el peso en gramos, sin decimales.'],
      height_cm: ['El alto puede ser como máximo 300 cm.'],
    });
  });

  it('categories: create, rename (slug follows), reorder, delete; another seller gets 404', async () => {
    const { api, as } = await seller(url);
    const tortas = (await api.post('/api/categories/', { name: 'Tortas' }, as)).body;
    const galletas = (await api.post('/api/categories/', { name: 'Galletas' }, as)).body;
    expect(tortas).toMatchObject({ name: 'Tortas', slug: 'tortas', position: 0 });
    expect((await api.post('/api/categories/', { name: '  ' }, as)).body.errors.name[0]).toBe(
      'Escribe el nombre de la categoría.',
    );
    const renamed = await api.patch(
      `/api/categories/${galletas.id}/`,
      { name: 'Galletas de mantequilla', position: 0 },
      as,
    );
    expect(renamed.body).toMatchObject({ slug: 'galletas-de-mantequilla', position: 0 });
    expect(
      (await api.get('/api/categories/', as)).body.results.map((c: { id: number }) => c.id),
    ).toEqual([galletas.id, tortas.id]);
    const product = (
      await api.post(
        '/api/products/',
        { name: 'Torta tres leches', price: 18990, category: tortas.id },
        as,
      )
    ).body;
    const other = await seller(url);
    expect(
      (await other.api.patch(`/api/categories/${tortas.id}/`, { name: 'Mía' }, other.as)).status,
    ).toBe(404);
    expect((await other.api.delete(`/api/categories/${tortas.id}/`, other.as)).status).toBe(404);
    expect(
      (
        await other.api.post(
          '/api/products/',
          { name: 'x', price: 1, category: tortas.id },
          other.as,
        )
      ).status,
    ).toBe(400);
    expect((await api.delete(`/api/categories/${tortas.id}/`, as)).status).toBe(200);
    expect((await api.get(`/api/products/${product.id}/`, as)).body.category).toBeNull();
  });

  describe('products', () => {
    let mine: Awaited<ReturnType<typeof seller>>;
    let image: { id: number; url: string };
    let created: { status: number; body: any };
    beforeAll(async () => {
      mine = await seller(url);
      image = (await upload(url, mine.token, await jpeg(640, 480), 'a.jpg', 'image/jpeg')).body;
      created = await mine.api.post(
        '/api/products/',
        {
          name: 'Torta de Mil Hojas',
          description:
            '<p>Con <strong>manjar</strong><script>alert(1)</script> ' +
            '<a href="javascript:alert(1)">x</a> <a href="https://ejemplo.cl">web</a></p>',
          price: '12.990',
          compare_at_price: 15990,
          stock: 3,
          images: [image.id],
        },
        mine.as,
      );
    });

    it('creates one from a price as typed, with its images, unpublished', () => {
      expect(created.status).toBe(201);
      const p = created.body;
      expect(p).toMatchObject({
        slug: 'torta-de-mil-hojas',
        name: 'Torta de Mil Hojas',
        price: 12990,
        compare_at_price: 15990,
        stock: 3,
        published: false,
        category: null,
        version: 1,
      });
      expect(p.images).toEqual([
        expect.objectContaining({ id: image.id, url: image.url, width: 640, height: 480, alt: '' }),
      ]);
      expect(p.shop_url).toMatch(new RegExp(`/shop/${p.id}$`));
    });

    it('keeps the description’s formatting and drops its script', () => {
      const { description } = created.body;
      expect(description).not.toMatch(/script|javascript/);
      expect(description).toContain('<strong>manjar</strong>');
      expect(description).toContain('href="https://ejemplo.cl"');
    });

    it.each([
      [{ name: '', price: 1 }, 'name', 'Escribe el nombre del producto.'],
      [{ name: 'x', price: 'doce' }, 'price', 'Escribe el precio en pesos, por ejemplo 12.990.'],
      [{ name: 'x', price: -1 }, 'price', 'El precio no puede ser negativo.'],
      [
        { name: 'x', price: 100, compare_at_price: 90 },
        'compare_at_price',
        'El precio anterior debe ser mayor que el precio, o déjalo vacío.',
      ],
      [{ name: 'x', price: 100, stock: 1.5 }, 'stock', 'Escribe el stock como un número entero.'],
    ] as const)('refuses a bad %# %s in Spanish', async (body, field, message) => {
      const refused = await mine.api.post('/api/products/', body, mine.as);
      expect(refused.status, field).toBe(400);
      expect(refused.body.errors[field][0]).toBe(message);
    });

    it('saves a PATCH on its version; a stale one is a 409 with the stored copy', async () => {
      const { api, as } = await seller(url);
      const p = (await api.post('/api/products/', { name: 'Alfajor', price: 990 }, as)).body;
      const v2 = await api.patch(
        `/api/products/${p.id}/`,
        { price: 13990, published: true, version: 1 },
        as,
      );
      expect(v2.body).toMatchObject({ price: 13990, published: true, version: 2 });
      const stale = await api.patch(`/api/products/${p.id}/`, { price: 1, version: 1 }, as);
      expect(stale.status).toBe(409);
      expect(stale.body.current).toMatchObject({ id: p.id, price: 13990, version: 2 });
    });

    it('lists 10 a page, by words and by status, with its own slug for a repeated name', async () => {
      const { api, as } = await seller(url);
      await api.post('/api/products/', { name: 'Torta de Mil Hojas', price: 1 }, as);
      const dup = (await api.post('/api/products/', { name: 'Torta de mil hojas', price: 1 }, as))
        .body;
      expect(dup.slug).toBe('torta-de-mil-hojas-2');
      await api.patch(`/api/products/${dup.id}/`, { published: true, version: 1 }, as);
      for (let i = 0; i < 10; i++)
        await api.post('/api/products/', { name: `Galleta ${i}`, price: 990 + i }, as);
      const page1 = (await api.get('/api/products/', as)).body;
      expect(page1.count).toBe(12);
      expect(page1.results).toHaveLength(10);
      expect(page1.next).toMatch(/page=2/);
      expect((await api.get('/api/products/?page=2', as)).body.results).toHaveLength(2);
      const past = await api.get('/api/products/?page=3', as);
      expect(past.status).toBe(404);
      expect(past.body.message).toBe('Página inválida.');
      expect((await api.get('/api/products/?q=mil%20hojas', as)).body.count).toBe(2);
      expect((await api.get('/api/products/?q=100%25', as)).body.count).toBe(0);
      expect((await api.get('/api/products/?status=published', as)).body.count).toBe(1);
    });

    it('is a 404 to another seller, who cannot use its images either', async () => {
      const p = created.body;
      const other = await seller(url);
      for (const [method, path] of [
        ['GET', `/api/products/${p.id}/`],
        ['PATCH', `/api/products/${p.id}/`],
        ['DELETE', `/api/products/${p.id}/`],
        ['GET', `/api/media/${image.id}/`],
        ['DELETE', `/api/media/${image.id}/`],
      ] as const) {
        const res = await other.api.request(method, path, {
          ...other.as,
          body: method === 'PATCH' ? { price: 1, version: 2 } : undefined,
        });
        expect(res.status, `${method} ${path}`).toBe(404);
      }
      const taken = await other.api.post(
        '/api/products/',
        { name: 'Ajena', price: 1, images: [image.id] },
        other.as,
      );
      expect(taken.body.errors.images[0]).toBe('Una de las imágenes no existe o no es tuya.');
      expect((await other.api.get('/api/products/', other.as)).body.count).toBe(0);
      expect((await mine.api.get('/api/products/99999999999/', mine.as)).status).toBe(404);
    });
  });

  describe('/shop/{id}, the public product page', () => {
    let mine: Awaited<ReturnType<typeof seller>>;
    let p: any;
    let html: string;
    const open = async () => (await fetch(`${url}/shop/${p.id}`)).text();

    beforeAll(async () => {
      mine = await seller(url);
      await mine.api.patch(
        '/api/store/',
        { ...SELLER_IDENTITY, name: 'Dulces Rosa', whatsapp: '+56987654321', version: 0 },
        mine.as,
      );
      const image = (
        await upload(
          url,
          mine.token,
          await jpeg(1600, 1200),
          'a.jpg',
          'image/jpeg',
          'Torta vista desde arriba',
        )
      ).body;
      p = (
        await mine.api.post(
          '/api/products/',
          {
            name: 'Torta <Mil> Hojas',
            description: '<p>Con manjar casero</p>',
            price: 12990,
            compare_at_price: 15990,
            stock: 2,
            images: [image.id],
            published: true,
          },
          mine.as,
        )
      ).body;
      const page = await fetch(`${url}/shop/${p.id}`);
      expect(page.status).toBe(200);
      html = await page.text();
    });

    it('has no script but its JSON-LD', () => {
      expect(html).not.toMatch(/<script(?![^>]*application\/ld\+json)/);
    });

    it('has its language, title, description, canonical URL and share image', () => {
      expect(html).toContain('<html lang="es-CL">');
      expect(html).toContain('<title>Torta &lt;Mil&gt; Hojas · Dulces Rosa</title>');
      expect(html).toContain('<meta name="description" content="Con manjar casero">');
      expect(html).toContain(`<link rel="canonical" href="${p.shop_url}">`);
      expect(html).toContain('<meta property="og:image" content="http');
    });

    it('shows the price, the one before, the stock left and «Pedir por WhatsApp»', () => {
      expect(html).toContain('Últimas 2 unidades');
      expect(html).toContain('$12.990');
      expect(html).toMatch(/<del[^>]*><span class="sr-only">Antes: <\/span>\$15\.990<\/del>/);
      expect(html).toContain('https://wa.me/56987654321?text=');
    });

    it('loads its first picture first, as AVIF sized for a phone', () => {
      expect(html).toMatch(/<img[^>]*fetchpriority="high"/);
      expect(html).toMatch(/type="image\/avif" srcset="[^"]*320w/);
    });

    it('describes the product as schema.org JSON-LD', () => {
      const ld = JSON.parse(
        /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!,
      );
      expect(ld).toMatchObject({
        '@type': 'Product',
        name: 'Torta <Mil> Hojas',
        offers: {
          '@type': 'Offer',
          priceCurrency: 'CLP',
          price: 12990,
          availability: 'https://schema.org/LimitedAvailability',
          url: p.shop_url,
          seller: { name: 'Dulces Rosa' },
        },
      });
    });

    it('prints a seller’s `<` as text in content', () => {
      // Attributes may hold it as is.
      expect(html).toMatch(/<h1[^>]*>Torta &lt;Mil&gt; Hojas<\/h1>/);
      expect(html).not.toMatch(/>[^<"]*<Mil>/);
    });

    it('shows a new price and a new shop name right after they are saved', async () => {
      await open();
      await mine.api.patch(`/api/products/${p.id}/`, { price: 9990, version: p.version }, mine.as);
      expect(await open()).toContain('$9.990');
      await mine.api.patch('/api/store/', { name: 'Pastelería Rosa', version: 1 }, mine.as);
      expect(await open()).toMatch(/Vendido por <strong[^>]*>Pastelería Rosa<\/strong>/);
    });

    it('is a 404 once unpublished, and for an id that is not one', async () => {
      await mine.api.patch(
        `/api/products/${p.id}/`,
        { published: false, version: p.version + 1 },
        mine.as,
      );
      const hidden = await fetch(`${url}/shop/${p.id}`);
      expect(hidden.status).toBe(404);
      expect(await hidden.text()).toContain(`Page Not Found: /shop/${p.id}`);
      expect((await fetch(`${url}/shop/abc`)).status).toBe(404);
      expect((await fetch(`${url}/shop/99999999999`)).status).toBe(404);
    });
  });

  it('names taken at once (a double click, two tabs) each get their own slug: never a 500', async () => {
    const api = new ApiClient(url);
    const { token } = await api.register();
    const made = await Promise.all(
      Array.from({ length: 6 }, () =>
        api.post('/api/products/', { name: 'Taza de greda', price: 9990 }, { token }),
      ),
    );
    expect(made.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect(new Set(made.map((r) => r.body.slug)).size).toBe(6);
    const renamed = await Promise.all(
      made.map((r) =>
        api.patch(
          `/api/products/${r.body.id}/`,
          { name: 'Plato hondo', version: r.body.version },
          { token },
        ),
      ),
    );
    expect(renamed.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(new Set(renamed.map((r) => r.body.slug)).size).toBe(6);
    const copies = await Promise.all(
      Array.from({ length: 4 }, () =>
        api.post(`/api/products/${made[0]!.body.id}/duplicate/`, {}, { token }),
      ),
    );
    expect(copies.map((r) => r.status)).toEqual(Array(4).fill(201));
    const categories = await Promise.all(
      Array.from({ length: 4 }, () => api.post('/api/categories/', { name: 'Tazas' }, { token })),
    );
    expect(categories.map((r) => r.status)).toEqual(Array(4).fill(201));
    expect(new Set(categories.map((r) => r.body.slug)).size).toBe(4);
  });
});
