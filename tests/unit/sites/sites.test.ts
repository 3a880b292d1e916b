/** Sites: subdomain rules, page documents cleaned of anything unsafe, templates, and the server render. */
import { describe, expect, it } from 'vitest';
import { cleanPageData } from '@/lib/sites/blocks.server';
import { safeHref } from '@/lib/sites/blocks';
import { renderPageHtml } from '@/lib/sites/render.server';
import { pagePathSchema, puckDataSchema, siteCreateSchema, TEMPLATES } from '@/lib/sites/schemas';
import { templatePages } from '@/lib/sites/templates';

const renderData = {
  images: { 7: { src: '/media/a.webp', srcset: '/media/a.webp 640w', width: 640, height: 480, alt: 'Vitrina' } },
  products: { destacados: [{ name: 'Torta <mil hojas>', price: 12990, compareAtPrice: 15990, href: '/shop/torta', image: null, soldOut: false }] },
  whatsapp: (_phone: string, message: string) => `https://wa.me/56912345678?text=${encodeURIComponent(message)}`,
};

describe('site rules', () => {
  it('takes DNS-safe subdomains and refuses reserved ones in Spanish', () => {
    expect(siteCreateSchema.parse({ name: 'Dulces', subdomain: ' Dulces-Abuela ' }).subdomain).toBe('dulces-abuela');
    for (const bad of ['-abc', 'ab', 'a_b', 'con espacio', 'x'.repeat(64)]) expect(siteCreateSchema.safeParse({ name: 'x', subdomain: bad }).success).toBe(false);
    expect(siteCreateSchema.safeParse({ name: 'x', subdomain: 'www' }).error?.issues[0]?.message).toBe('Ese subdominio está reservado. Elige otro.');
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
        { type: 'Text', props: { id: 't', text: '<p onclick="x()">Hola<script>alert(1)</script><a href="javascript:alert(1)">x</a></p>' } },
        { type: 'Hero', props: { id: 'h', title: 'T', cta_label: 'Ir', cta_href: 'javascript:alert(1)', image: '7', extra: 'no' } },
        { type: 'Columns', props: { id: 'c', left: [{ type: 'Text', props: { id: 'l', text: '<img src=x onerror=alert(1)>' } }, { type: 'Evil', props: { id: 'e' } }], right: 'nope' } },
      ],
    });
    const clean = cleanPageData(data);
    const json = JSON.stringify(clean);
    expect(json).not.toMatch(/script|onclick|onerror|javascript:|extra/);
    expect(clean.content[1]!.props).toEqual({ id: 'h', title: 'T', subtitle: '', image: 7, cta_label: 'Ir', cta_href: '' });
    expect(clean.content[2]!.props).toEqual({ id: 'c', left: [{ type: 'Text', props: { id: 'l', text: '' } }], right: [] });
    expect(puckDataSchema.safeParse({ content: [{ type: 'Evil', props: { id: 'x' } }] }).success).toBe(false);
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
