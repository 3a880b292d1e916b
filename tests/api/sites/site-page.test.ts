/**
 * What a site's page shows, read in one statement (`site-read.server.ts`), on both engines: the
 * owner's images only, each product grid by its category and size (inside columns too), a button's
 * number falling back to the shop's, the SEO image, and who sells.
 */
import { describe, expect, it } from 'vitest';
import { ApiClient, getWithHost } from '../../support/http';
import { jpeg, upload } from '../../support/images';
import { SELLER_IDENTITY } from '../../support/shop';
import { claimServers } from '../../support/claims';

const servers = claimServers();

describe.each(servers)("a site's page on $kind", ({ url }) => {
  it('shows what its blocks name, from the owner only', async () => {
    const api = new ApiClient(url);
    const { token } = await api.register();
    const as = { token };
    await api.patch(
      '/api/store/',
      { ...SELLER_IDENTITY, name: 'Quesos del Sur', whatsapp: '+56922223333', version: 0 },
      as,
    );
    const other = await api.register();
    const theirs = (await upload(url, other.token, await jpeg(640, 480), 'ajena.jpg', 'image/jpeg'))
      .body;
    const hero = (await upload(url, token, await jpeg(1200, 600), 'portada.jpg', 'image/jpeg'))
      .body;
    const share = (await upload(url, token, await jpeg(1200, 630), 'seo.jpg', 'image/jpeg')).body;
    const quesos = (await api.post('/api/categories/', { name: 'Quesos' }, as)).body;
    for (const name of ['Gouda', 'Chanco', 'Mantecoso'])
      await api.post(
        '/api/products/',
        { name, price: 5990, published: true, category: quesos.id },
        as,
      );
    await api.post('/api/products/', { name: 'Miel de ulmo', price: 4500, published: true }, as);

    const subdomain = `quesos-${Date.now().toString(36)}`;
    const site = (await api.post('/api/sites/', { name: 'Quesos del Sur', subdomain }, as)).body;
    await api.patch(
      `/api/sites/${site.id}/`,
      { seo: { image: share.id }, version: site.version },
      as,
    );
    const [home] = (await api.get(`/api/sites/${site.id}/pages/`, as)).body.results;
    const data = {
      root: { props: { title: 'Inicio' } },
      content: [
        {
          type: 'Hero',
          props: {
            id: 'portada',
            title: 'Quesos',
            subtitle: '',
            image: hero.id,
            cta_label: '',
            cta_href: '',
          },
        },
        { type: 'Image', props: { id: 'ajena', image: theirs.id, alt: 'Una foto ajena' } },
        { type: 'ProductGrid', props: { id: 'todos', title: 'Todo', category: null, limit: 1 } },
        {
          type: 'Columns',
          props: {
            id: 'cols',
            left: [
              {
                type: 'ProductGrid',
                props: { id: 'quesos', title: 'Nuestros quesos', category: quesos.id, limit: 2 },
              },
            ],
            right: [{ type: 'WhatsAppButton', props: { id: 'wa', phone: '', message: 'Hola' } }],
          },
        },
      ],
    };
    expect(
      (
        await api.put(
          `/api/sites/${site.id}/pages/${home.id}/`,
          { data, version: home.version },
          as,
        )
      ).status,
    ).toBe(200);
    await api.post(`/api/sites/${site.id}/publish/`, undefined, as);

    const page = await getWithHost(url, `${subdomain}.localhost`, '/');
    expect(page.status).toBe(200);
    const grid = (title: string) =>
      page.body.slice(page.body.indexOf(title)).split('</section>')[0]!;
    // The grid of everything shows the newest one; the category's grid its two newest cheeses.
    expect(grid('Todo')).toContain('Miel de ulmo');
    expect(grid('Todo')).not.toContain('Mantecoso');
    expect(grid('Nuestros quesos')).toContain('Mantecoso');
    expect(grid('Nuestros quesos')).toContain('Chanco');
    expect(grid('Nuestros quesos')).not.toContain('Gouda');
    expect(grid('Nuestros quesos')).not.toContain('Miel de ulmo');
    // The owner's picture is there; another seller's, named by id, is not.
    expect(page.body).toContain(`/media/`);
    expect(page.body).not.toContain('Una foto ajena');
    expect(page.body).toContain('https://wa.me/56922223333');
    expect(page.body).toMatch(/<meta property="og:image" content="[^"]+"/);
    expect(page.body).toContain(SELLER_IDENTITY.legal_rut);
  });
});
