/** Sites: subdomain rules, page documents cleaned of anything unsafe, templates, and the server render. */
import { describe, expect, it } from 'vitest';
import { cleanPageData } from '@/lib/sites/blocks.server';
import { safeHref } from '@/lib/sites/blocks';
import { renderPageHtml } from '@/lib/sites/render.server';
import { pagePathSchema, puckDataSchema, siteCreateSchema, TEMPLATES } from '@/lib/sites/schemas';
import { templatePages } from '@/lib/sites/templates';
import { dnsRecords, domainSchema, isApex, normalizeDomain } from '@/lib/sites/domains';
import { HostCache } from '@/lib/sites/host-cache.server';
import { robotsTxt, sitemapXml } from '@/lib/sites/sitemap';
import { subdomainOrigin } from '@/lib/sites/urls';

const renderData = {
  images: {
    7: {
      src: '/media/a.webp',
      srcset: '/media/a.webp 640w',
      width: 640,
      height: 480,
      alt: 'Vitrina',
    },
  },
  products: {
    destacados: [
      {
        name: 'Torta <mil hojas>',
        price: 12990,
        compareAtPrice: 15990,
        href: '/shop/torta',
        image: null,
        soldOut: false,
      },
    ],
  },
  catalogueHref: '/shop',
  whatsapp: (_phone: string, message: string) =>
    `https://wa.me/56912345678?text=${encodeURIComponent(message)}`,
};

describe('site rules', () => {
  it('takes DNS-safe subdomains and refuses reserved ones in Spanish', () => {
    expect(siteCreateSchema.parse({ name: 'Dulces', subdomain: ' Dulces-Abuela ' }).subdomain).toBe(
      'dulces-abuela',
    );
    for (const bad of ['-abc', 'ab', 'a_b', 'con espacio', 'x'.repeat(64)])
      expect(siteCreateSchema.safeParse({ name: 'x', subdomain: bad }).success).toBe(false);
    expect(
      siteCreateSchema.safeParse({ name: 'x', subdomain: 'www' }).error?.issues[0]?.message,
    ).toBe('Ese subdominio está reservado. Elige otro.');
  });

  it('puts a site on a subdomain of the app origin, or of localhost when the app is reached by IP', () => {
    expect(subdomainOrigin('dulces', new URL('https://impulsa.cl'))).toBe(
      'https://dulces.impulsa.cl',
    );
    expect(subdomainOrigin('dulces', new URL('http://impulsa.localhost:4321'))).toBe(
      'http://dulces.impulsa.localhost:4321',
    );
    expect(subdomainOrigin('dulces', new URL('http://127.0.0.1:4321'))).toBe(
      'http://dulces.localhost:4321',
    );
    expect(subdomainOrigin('dulces', new URL('http://[::1]'))).toBe('http://dulces.localhost');
  });

  it('keeps page paths off the addresses the site serves itself', () => {
    expect(pagePathSchema.parse('/Servicios')).toBe('/servicios');
    expect(pagePathSchema.safeParse('/shop').success).toBe(false);
    expect(pagePathSchema.safeParse('/../etc').success).toBe(false);
  });

  it('allows only safe links', () => {
    expect(safeHref('javascript:alert(1)')).toBe('');
    expect(safeHref('//evil.example')).toBe('');
    expect(safeHref('/shop')).toBe('/shop');
    expect(safeHref('https://ejemplo.cl')).toBe('https://ejemplo.cl');
  });

  it('cleans a hostile document: unknown blocks dropped, script and handlers gone, bad links emptied', () => {
    const data = puckDataSchema.parse({
      root: { props: { title: 'Inicio' } },
      content: [
        {
          type: 'Text',
          props: {
            id: 't',
            text: '<p onclick="x()">Hola<script>alert(1)</script><a href="javascript:alert(1)">x</a></p>',
          },
        },
        {
          type: 'Hero',
          props: {
            id: 'h',
            title: 'T',
            cta_label: 'Ir',
            cta_href: 'javascript:alert(1)',
            image: '7',
            extra: 'no',
          },
        },
        {
          type: 'Columns',
          props: {
            id: 'c',
            left: [
              { type: 'Text', props: { id: 'l', text: '<img src=x onerror=alert(1)>' } },
              { type: 'Evil', props: { id: 'e' } },
            ],
            right: 'nope',
          },
        },
      ],
    });
    const clean = cleanPageData(data);
    const json = JSON.stringify(clean);
    expect(json).not.toMatch(/script|onclick|onerror|javascript:|extra/);
    expect(clean.content[1]!.props).toEqual({
      id: 'h',
      title: 'T',
      subtitle: '',
      image: 7,
      cta_label: 'Ir',
      cta_href: '',
    });
    expect(clean.content[2]!.props).toEqual({
      id: 'c',
      left: [{ type: 'Text', props: { id: 'l', text: '' } }],
      right: [],
    });
    expect(
      puckDataSchema.safeParse({ content: [{ type: 'Evil', props: { id: 'x' } }] }).success,
    ).toBe(false);
  });

  it('has templates whose pages are valid documents with a home page', () => {
    for (const template of TEMPLATES) {
      const pages = templatePages(template, 'Dulces de la Abuela');
      expect(pages[0]!.path).toBe('/');
      for (const page of pages) expect(puckDataSchema.safeParse(page.data).success).toBe(true);
    }
  });

  it('renders a published page to HTML with no script, escaped text and the blocks it holds', async () => {
    const [home] = templatePages('tienda', 'Dulces <de> la Abuela');
    const html = await renderPageHtml(cleanPageData(home!.data), renderData);
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('Dulces &lt;de&gt; la Abuela');
    expect(html).toContain('Torta &lt;mil hojas&gt;');
    expect(html).toContain('$12.990');
    expect(html).toContain('https://wa.me/56912345678?text=');
    const [servicios] = templatePages('servicios', 'Gasfitería Rápida');
    const columns = await renderPageHtml(cleanPageData(servicios!.data), renderData);
    expect(columns).toContain('Presupuesto en 24 horas');
    expect(columns).not.toMatch(/<script/i);
  });
});

describe('custom domains', () => {
  it('takes a domain as people paste it and keeps its ASCII form', () => {
    expect(normalizeDomain(' https://WWW.Tienda.cl/productos?x=1 ')).toBe('www.tienda.cl');
    expect(normalizeDomain('tienda.cl.')).toBe('tienda.cl');
    expect(normalizeDomain('ñandú.cl')).toBe('xn--and-6ma2c.cl');
    for (const bad of [
      '',
      'localhost',
      '1.2.3.4',
      'con espacio.cl',
      'a..cl',
      '-a.cl',
      'user@tienda.cl',
      'tienda.cl:8080',
      'x'.repeat(64) + '.cl',
    ])
      expect(normalizeDomain(bad)).toBeNull();
    expect(domainSchema.safeParse({ domain: 'nada' }).error?.issues[0]?.message).toBe(
      'Escribe un dominio como mitienda.cl o www.mitienda.cl.',
    );
  });

  it('gives the records to add: TXT, then CNAME below the apex or A at the apex', () => {
    const edge = { cname: 'sites.impulsa.cl', ipv4: '203.0.113.10' };
    expect(dnsRecords('www.tienda.cl', 'tok', edge)).toEqual([
      expect.objectContaining({
        type: 'TXT',
        name: '_impulsa.www',
        fqdn: '_impulsa.www.tienda.cl',
        value: 'tok',
      }),
      expect.objectContaining({ type: 'CNAME', name: 'www', value: 'sites.impulsa.cl' }),
    ]);
    expect(dnsRecords('tienda.cl', 'tok', edge).map((r) => [r.type, r.name, r.value])).toEqual([
      ['TXT', '_impulsa', 'tok'],
      ['A', '@', '203.0.113.10'],
    ]);
    expect(dnsRecords('tienda.cl', 'tok', { ...edge, ipv4: null })[1]).toMatchObject({
      type: 'CNAME',
      name: '@',
      purpose: expect.stringContaining('ALIAS'),
    });
    expect(isApex('tienda.cl') && !isApex('www.tienda.cl')).toBe(true);
  });
});

describe('sitemap and robots', () => {
  it('lists each path once, absolute on the site origin, escaped, with its last change as a date', () => {
    const xml = sitemapXml('https://www.tienda.cl', [
      { path: '/', lastModified: new Date('2026-11-20T23:30:00Z') },
      { path: '/shop' },
      { path: '/shop/pan-amasado' },
      { path: '/shop' },
      { path: '/quiénes&somos' },
    ]);
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    expect(xml).toContain(
      '<url><loc>https://www.tienda.cl/</loc><lastmod>2026-11-20</lastmod></url>',
    );
    expect(xml).toContain('<loc>https://www.tienda.cl/shop/pan-amasado</loc>');
    expect(xml.match(/<loc>https:\/\/www\.tienda\.cl\/shop<\/loc>/g)).toHaveLength(1);
    expect(xml).toContain('<loc>https://www.tienda.cl/qui%C3%A9nes&amp;somos</loc>');
    expect(xml).not.toMatch(/&(?!amp;)/);
  });

  it('names the sitemap only where the site has an origin of its own', () => {
    expect(robotsTxt('https://dulces.impulsa.cl')).toBe(
      'User-agent: *\nAllow: /\nSitemap: https://dulces.impulsa.cl/sitemap.xml\n',
    );
    expect(robotsTxt(null)).not.toContain('Sitemap');
  });
});

describe('host cache', () => {
  it('stays bounded under a flood of unknown hosts', () => {
    const cache = new HostCache<{ id: number }>(100);
    for (let i = 0; i < 10_000; i++) cache.set(`custom:h${i}.example`, null);
    expect(cache.size).toBe(100);
    expect(cache.get('custom:h9999.example')).toBeNull();
    expect(cache.get('custom:h0.example')).toBeUndefined();
  });

  it('drops a site on its tag, every "no site" answer with it, and everything on a lost connection', () => {
    const cache = new HostCache<{ id: number }>();
    cache.set('subdomain:a', { id: 1 });
    cache.set('subdomain:b', { id: 2 });
    cache.set('custom:nada.cl', null);
    cache.drop(['product:1']);
    expect(cache.size).toBe(3);
    cache.drop(['site:1']);
    expect([
      cache.get('subdomain:a'),
      cache.get('subdomain:b'),
      cache.get('custom:nada.cl'),
    ]).toEqual([undefined, { id: 2 }, undefined]);
    cache.drop(null);
    expect(cache.size).toBe(0);
  });
});
