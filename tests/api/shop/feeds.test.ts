/**
 * A shop's catalogue feeds, on PGlite and PostgreSQL: Google's RSS 2.0 with the `g:` namespace
 * (parsed strictly) and Meta's CSV, on the main domains and on the shop's site host; a variant
 * per item under its group, prices with compare-at as a sale, availability from stock, brand and
 * barcode; only published products of that shop; cached until a product changes.
 */
import { DOMParser, type Element } from '@xmldom/xmldom';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, getWithHost } from '../../support/http';
import { openShop } from '../../support/shop';
import { jpeg, upload } from '../../support/images';
import { claimServers } from '../../support/claims';

const servers = claimServers();
const G = 'http://base.google.com/ns/1.0';

/** The feed's items as `{field: value}` (the `g:` fields by their local name), failing on bad XML. */
function googleItems(xml: string): Record<string, string>[] {
  const doc = new DOMParser({
    onError: (level, message) => {
      throw new Error(`${level}: ${message}`);
    },
  }).parseFromString(xml, 'application/xml');
  expect(doc.documentElement?.nodeName).toBe('rss');
  return [...doc.getElementsByTagName('item')].map((item) =>
    Object.fromEntries(
      [...item.childNodes]
        .filter((n): n is Element => n.nodeType === 1)
        .map((n) => {
          expect(n.namespaceURI).toBe(G);
          return [n.localName, n.textContent ?? ''];
        }),
    ),
  );
}

/** Meta's CSV as rows of `{column: value}` (fields here hold no line breaks). */
function metaRows(csv: string): Record<string, string>[] {
  const lines = csv.trimEnd().split('\r\n');
  const cells = (line: string) =>
    [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)]
      .slice(0, -1)
      .map((m) => m[1]!.replace(/^"|"$/g, '').replaceAll('""', '"'));
  const head = cells(lines[0]!);
  return lines.slice(1).map((line) => Object.fromEntries(cells(line).map((v, i) => [head[i], v])));
}

describe.each(servers)('catalogue feeds on $kind', ({ url }) => {
  let api: ApiClient;
  let token: string;
  let sellerId: number;
  let host: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    api = new ApiClient(url);
    ({ token } = await api.register());
    await api.patch('/api/store/', { name: 'Greda & Pan', version: 0 }, { token });
    const photo = (await upload(url, token, await jpeg(800, 800), 'j.jpg', 'image/jpeg', 'Jarrón'))
      .body;
    const make = async (fields: Record<string, unknown>) => {
      const made = await api.post('/api/products/', { published: true, ...fields }, { token });
      expect(made.status).toBe(201);
      return made.body as { id: number; variants: { id: number; name: string }[] };
    };
    ids.jarron = (
      await make({
        name: 'Jarrón de greda',
        description: '<p>Hecho a mano en Pomaire, &lt;20 cm&gt;.</p>',
        price: 14990,
        compare_at_price: 19990,
        brand: 'Greda Sur',
        gtin: '7801234567894',
        images: [photo.id],
      })
    ).id;
    // Without a photo Google and Meta refuse a product: it stays out, and /canales says why.
    await make({ name: 'Sin foto', price: 3990 });
    const polera = await make({
      name: 'Polera',
      price: 9990,
      images: [photo.id],
      options: [{ name: 'Talla', values: ['S', 'M'] }],
      variants: [
        { values: ['S'], stock: 0, sku: 'POL-S' },
        { values: ['M'], stock: 4, price: 10990, sku: 'POL-M' },
      ],
    });
    ids.polera = polera.id;
    ids.borrador = (await make({ name: 'Borrador', price: 1000, published: false })).id;
    const other = await api.register();
    await api.post(
      '/api/products/',
      { name: 'Ajeno', price: 500, published: true },
      { token: other.token },
    );
    sellerId = (await api.get('/api/users/me/', { token })).body.id;
    const subdomain = `feed-${Date.now().toString(36)}`;
    const site = (
      await api.post('/api/sites/', { name: 'Greda', subdomain, template: 'tienda' }, { token })
    ).body;
    await api.post(`/api/sites/${site.id}/publish/`, undefined, { token });
    host = `${subdomain}.localhost`;
  });

  const google = () => fetch(`${url}/tienda/${sellerId}/feeds/google.xml`);

  it('is well-formed RSS 2.0 whose fields are in the g: namespace', async () => {
    const response = await google();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(googleItems(await response.text())).toHaveLength(3);
  });

  it('describes a product with its sale price, brand, barcode, photo and page', async () => {
    const jarron = googleItems(await (await google()).text()).find((i) => i.id === `${ids.jarron}`);
    expect(jarron).toMatchObject({
      title: 'Jarrón de greda',
      description: 'Hecho a mano en Pomaire, <20 cm>.',
      price: '19990 CLP',
      sale_price: '14990 CLP',
      availability: 'in_stock',
      condition: 'new',
      brand: 'Greda Sur',
      gtin: '7801234567894',
    });
    expect(jarron!.link).toMatch(new RegExp(`/shop/${ids.jarron}$`));
    expect(jarron!.image_link).toMatch(/^https?:\/\/[^/]+\/media\/.+\.webp$/);
  });

  it('lists each variant under its group, with its own price, stock and SKU', async () => {
    const items = googleItems(await (await google()).text()).filter(
      (i) => i.item_group_id === `${ids.polera}`,
    );
    expect(items.map((i) => [i.title, i.price, i.availability, i.mpn])).toEqual([
      ['Polera (S)', '9990 CLP', 'out_of_stock', 'POL-S'],
      ['Polera (M)', '10990 CLP', 'in_stock', 'POL-M'],
    ]);
    // Without a brand of its own: the shop's name.
    expect(items[0]!.brand).toBe('Greda & Pan');
  });

  it('leaves out drafts and other shops’ products', async () => {
    const titles = googleItems(await (await google()).text()).map((i) => i.title);
    expect(titles).not.toContain('Borrador');
    expect(titles).not.toContain('Sin foto');
    expect(titles).not.toContain('Ajeno');
  });

  it('gives Meta the same items as CSV, the photo as JPEG', async () => {
    const response = await fetch(`${url}/tienda/${sellerId}/feeds/meta.csv`);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const rows = metaRows(await response.text());
    expect(rows).toHaveLength(3);
    const jarron = rows.find((r) => r.id === `${ids.jarron}`)!;
    expect(jarron).toMatchObject({
      price: '19990 CLP',
      sale_price: '14990 CLP',
      brand: 'Greda Sur',
    });
    expect(jarron.image_link).toMatch(/\.jpg$/);
  });

  it('is served on the shop’s site host with the site’s product addresses', async () => {
    const feed = await getWithHost(url, host, '/feeds/google.xml');
    expect(feed.status).toBe(200);
    const jarron = googleItems(feed.body).find((i) => i.id === `${ids.jarron}`)!;
    expect(jarron.link).toMatch(new RegExp(`^http://${host}(:\\d+)?/shop/jarron-de-greda$`));
    expect((await getWithHost(url, host, '/feeds/meta.csv')).status).toBe(200);
  });

  it('is a 404 for a seller that does not exist or a file that is not a feed', async () => {
    expect((await fetch(`${url}/tienda/999999999/feeds/google.xml`)).status).toBe(404);
    expect((await fetch(`${url}/tienda/${sellerId}/feeds/otro.xml`)).status).toBe(404);
    expect((await getWithHost(url, host, '/feeds/otro.xml')).status).toBe(404);
  });

  it('is a 404 for an account without a shop, and for a deleted one', async () => {
    const shopless = await api.register();
    for (const file of ['google.xml', 'meta.csv'])
      expect((await fetch(`${url}/tienda/${shopless.user.id}/feeds/${file}`)).status).toBe(404);
    const leaving = await api.register();
    const { product } = await openShop(api, leaving.token, { name: 'Se va' });
    expect(product.id).toBeGreaterThan(0);
    expect((await fetch(`${url}/tienda/${leaving.user.id}/feeds/google.xml`)).status).toBe(200);
    const gone = await api.request('DELETE', '/api/users/me/', {
      token: leaving.token,
      useCookies: false,
      body: { password: leaving.password },
    });
    expect(gone.status).toBe(204);
    for (const file of ['google.xml', 'meta.csv'])
      expect((await fetch(`${url}/tienda/${leaving.user.id}/feeds/${file}`)).status).toBe(404);
  });

  it('changes as soon as a product does, though it is cached', async () => {
    await google();
    expect((await google()).headers.get('x-render-cache')).toBe('hit');
    const current = (await api.get(`/api/products/${ids.polera}/`, { token })).body;
    await api.patch(
      `/api/products/${ids.polera}/`,
      { published: false, version: current.version },
      { token },
    );
    const titles = googleItems(await (await google()).text()).map((i) => i.title);
    expect(titles).not.toContain('Polera (M)');
  });
});
