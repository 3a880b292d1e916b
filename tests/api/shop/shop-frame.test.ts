/**
 * What frames every shop page, on PGlite and PostgreSQL: its legal pages (templates filled with the
 * shop's details, the seller's own texts, `/api/store/legal/` with versions and Spanish messages,
 * public on the main domains and inside a site), and the cart's count in its header, read from its
 * cookie, with one cached copy of a page per count and the shared one for everyone without a cart.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, getWithHost, postFormWithHost } from '../../support/http';
import { SELLER_IDENTITY } from '../../support/shop';
import { claimServers } from '../../support/claims';

const servers = claimServers();

/** Our scripts on a page (JSON-LD is data). */
const scripts = (html: string) =>
  (html.match(/<script(?![^>]*application\/ld\+json)/g) ?? []).length;

async function shopWithSite(url: string) {
  const api = new ApiClient(url);
  const { token, user } = await api.register();
  const as = { token };
  await api.patch(
    '/api/store/',
    {
      ...SELLER_IDENTITY,
      name: 'Greda del Sur',
      contact_email: `ventas-${user.id}@greda.test`,
      transfer_details: 'Banco Estado 123',
      version: 0,
    },
    as,
  );
  const taza = (
    await api.post('/api/products/', { name: 'Taza', price: 9990, published: true }, as)
  ).body;
  const subdomain = `greda-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const site = (
    await api.post('/api/sites/', { name: 'Greda del Sur', subdomain, template: 'tienda' }, as)
  ).body;
  await api.post(`/api/sites/${site.id}/publish/`, undefined, as);
  return { api, as, sellerId: user.id, taza, host: `${subdomain}.impulsa.localhost` };
}

describe.each(servers)('a shop’s frame on $kind', ({ url }) => {
  describe('terms, privacy and returns', () => {
    let shop: Awaited<ReturnType<typeof shopWithSite>>;
    let legal: any;
    let saved: { status: number; body: any };
    // The seller's own text, kept as text: nothing they write becomes HTML.
    const own =
      'Compras solo en Chile.\r\n\r\n## Envíos\r\nDespachamos los lunes. <script>alert(1)</script>';

    beforeAll(async () => {
      shop = await shopWithSite(url);
    });

    it('start as templates with the shop’s name and address, for the seller alone', async () => {
      legal = (await shop.api.get('/api/store/legal/', shop.as)).body;
      expect(legal.terminos.custom).toBe(false);
      expect(legal.terminos.text).toContain('Estos términos rigen las compras en Greda del Sur.');
      expect(legal.devoluciones.text).toContain('dentro de 10 días desde que lo recibes');
      expect(legal.privacidad.text).toContain(`ventas-${shop.sellerId}@greda.test`);
      expect((await new ApiClient(url).get('/api/store/legal/')).status).toBe(401);
    });

    it('are public pages with zero script, linked to each other', async () => {
      const page = await new ApiClient(url).get(`/tienda/${shop.sellerId}/devoluciones`);
      expect(page.status).toBe(200);
      expect(page.body).toContain(
        '<h1 class="text-3xl font-bold text-(--pd-strong)">Cambios y devoluciones</h1>',
      );
      expect(page.body).toContain(
        '<h2 class="text-xl font-bold text-(--pd-strong)">Derecho a retracto</h2>',
      );
      expect(page.body).toContain(`href="/tienda/${shop.sellerId}/terminos"`);
      expect(scripts(page.body)).toBe(0);
    });

    it('are a 404 for a page or a shop that does not exist', async () => {
      const visitor = new ApiClient(url);
      expect((await visitor.get(`/tienda/${shop.sellerId}/otra`)).status).toBe(404);
      expect((await visitor.get(`/tienda/999999999/terminos`)).status).toBe(404);
    });

    it('take the seller’s own text; a template sent back unchanged stays the template', async () => {
      saved = await shop.api.put(
        '/api/store/legal/',
        { terminos: own, privacidad: legal.privacidad.text, version: legal.version },
        shop.as,
      );
      expect(saved.status).toBe(200);
      expect(saved.body.terminos).toEqual({ text: own.replace(/\r\n/g, '\n'), custom: true });
      expect(saved.body.privacidad.custom).toBe(false);
    });

    it('refuse a stale save with the stored copy, and a text over 20.000 characters', async () => {
      const stale = await shop.api.put(
        '/api/store/legal/',
        { terminos: 'x', version: legal.version },
        shop.as,
      );
      expect(stale.status).toBe(409);
      expect(stale.body.current.terminos.custom).toBe(true);
      const long = await shop.api.put(
        '/api/store/legal/',
        { devoluciones: 'a'.repeat(20_001), version: saved.body.version },
        shop.as,
      );
      expect(long.status).toBe(400);
      expect(long.body.errors.devoluciones).toEqual([
        'Cambios y devoluciones: como máximo 20.000 caracteres.',
      ]);
    });

    it('show inside the site at once, in its theme, what the seller wrote as text', async () => {
      const inSite = await getWithHost(url, shop.host, '/legal/terminos');
      expect(inSite.status).toBe(200);
      expect(inSite.body).toContain('<h2 class="text-xl font-bold text-(--pd-strong)">Envíos</h2>');
      expect(inSite.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(inSite.body).toContain('--site-primary');
      expect(scripts(inSite.body)).toBe(0);
      expect((await getWithHost(url, shop.host, '/legal/otra')).status).toBe(404);
    });

    it('are linked from every page of the site', async () => {
      const home = await getWithHost(url, shop.host, '/');
      expect(home.body).toContain('href="/legal/devoluciones"');
    });

    it('follow the shop’s new name where they are still templates', async () => {
      await shop.api.patch(
        '/api/store/',
        { name: 'Greda Austral', version: saved.body.version },
        shop.as,
      );
      const privacy = await new ApiClient(url).get(`/tienda/${shop.sellerId}/privacidad`);
      expect(privacy.body).toContain('Greda Austral es responsable de los datos personales');
    });
  });

  it('counts the cart in the header from its cookie, one cached copy per count', async () => {
    const { taza, sellerId, host } = await shopWithSite(url);
    const product = `/shop/${taza.id}`;
    const anonymous = () => getWithHost(url, '127.0.0.1', product);
    await anonymous();
    const cached = await anonymous();
    expect(cached.headers['x-render-cache']).toBe('hit');
    expect(cached.body).toContain(`href="/pay?tienda=${sellerId}"`);
    expect(cached.body).not.toContain('class="cart-count"');

    // Added on the site's subdomain: both cookies cover the main domain and its subdomains; the
    // token goes to the checkout only, the count to every page.
    const added = await postFormWithHost(url, host, '/pay?_action=cart.add', {
      intent: 'add',
      product: String(taza.id),
      quantity: '3',
    });
    expect(added.status).toBe(303);
    const [token, count] = added.headers['set-cookie'] as string[];
    const [value, ...attributes] = token!.split('; ');
    expect(value).toMatch(/^impulsa_carro=[A-Za-z0-9_-]{43}$/);
    expect(attributes).toEqual([
      'Max-Age=2592000',
      'Domain=impulsa.localhost',
      'Path=/pay',
      'HttpOnly',
      'SameSite=Lax',
    ]);
    expect(count).toBe(
      `impulsa_carro_n=${sellerId}-3; Max-Age=2592000; Domain=impulsa.localhost; Path=/; HttpOnly; SameSite=Lax`,
    );
    const cookie = { Cookie: [token, count].map((c) => c!.split(';')[0]).join('; ') };
    const siteHome = await getWithHost(url, host, '/', cookie);
    expect(siteHome.body).toContain('<span class="cart-count">3</span>');
    // The same cart on the shop's pages on the main domain, cached for everyone with that count.
    const mine = () => getWithHost(url, 'impulsa.localhost', product, cookie);
    expect((await mine()).body).toContain('<span class="cart-count">3</span>');
    const again = await mine();
    expect(again.headers['x-render-cache']).toBe('hit');
    expect(again.body).toContain('<span class="sr-only">productos</span>');
    expect(scripts(again.body)).toBe(0);
    // Nobody else sees it; a forged count shows only to whoever forged it, and garbage is ignored.
    const other = await anonymous();
    expect(other.headers['x-render-cache']).toBe('hit');
    expect(other.body).not.toContain('class="cart-count"');
    const garbage = await getWithHost(url, '127.0.0.1', product, { Cookie: 'impulsa_carro_n=<x>' });
    expect(garbage.headers['x-render-cache']).toBe('hit');

    // The last line removed: the count cookie goes; the token stays with what the buyer typed.
    const removed = await postFormWithHost(
      url,
      host,
      '/pay?_action=cart.remove',
      { intent: 'remove', product: String(taza.id) },
      cookie,
    );
    expect(removed.status).toBe(303);
    const gone = String(removed.headers['set-cookie']);
    expect(gone).toMatch(/^impulsa_carro_n=deleted;/);
    expect(gone).toContain('Domain=impulsa.localhost');
    expect(gone).toContain('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  });
});
