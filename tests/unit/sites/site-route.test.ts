/** The tenant host's route table: each path inside a site names one kind. */
import { describe, expect, it } from 'vitest';
import { siteRoute } from '@/lib/sites/site-route';

const PAGES = ['/', '/nosotros', '/contacto'];

describe('siteRoute', () => {
  it.each([
    ['/', { kind: 'page', path: '/' }],
    ['/nosotros/', { kind: 'page', path: '/nosotros' }],
    ['/robots.txt', { kind: 'robots' }],
    ['/sitemap.xml', { kind: 'sitemap' }],
    ['/config', { kind: 'config' }],
    ['/shop', { kind: 'catalogue' }],
    ['/shop/', { kind: 'catalogue' }],
    ['/shop/pan-amasado', { kind: 'product', slug: 'pan-amasado' }],
    ['/legal/terminos', { kind: 'legal', legal: 'terminos' }],
    ['/legal/privacidad', { kind: 'legal', legal: 'privacidad' }],
    ['/legal/devoluciones', { kind: 'legal', legal: 'devoluciones' }],
    ['/legal/otra', { kind: 'not-found' }],
    ['/shop/a/b', { kind: 'not-found' }],
    ['/precios', { kind: 'not-found' }],
  ] as const)('%s', (path, route) => {
    expect(siteRoute(path, PAGES)).toEqual(route);
  });

  it('a page the seller did not publish is not found, even at a path another site has', () => {
    expect(siteRoute('/contacto', ['/'])).toEqual({ kind: 'not-found' });
  });
});
