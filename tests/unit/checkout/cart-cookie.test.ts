import { describe, expect, it } from 'vitest';
import {
  cartCookieDomain,
  cartCountsIn,
  formatCartCounts,
  parseCartCounts,
} from '@/lib/checkout/cart-cookie';
import { requestCacheKey } from '@/lib/server/cache/provider';
import { wireFeatures } from '@/middleware/wiring';

const MAIN = ['impulsa.cl', 'www.impulsa.cl', '127.0.0.1', 'localhost'];

// The features' hooks, as the app installs them when it loads.
wireFeatures();

describe('the cart cookie’s domain', () => {
  it('covers a main domain and its subdomains, so a shop keeps one cart across them', () => {
    expect(cartCookieDomain('impulsa.cl', MAIN)).toBe('impulsa.cl');
    expect(cartCookieDomain('pan-rosa.impulsa.cl:443', MAIN)).toBe('impulsa.cl');
    expect(cartCookieDomain('PAN.Impulsa.CL.', MAIN)).toBe('impulsa.cl');
  });
  it('stays host-only on a custom domain, an address or a name without a dot', () => {
    expect(cartCookieDomain('www.panrosa.cl', MAIN)).toBeUndefined();
    expect(cartCookieDomain('notimpulsa.cl', MAIN)).toBeUndefined();
    expect(cartCookieDomain('127.0.0.1:4321', MAIN)).toBeUndefined();
    expect(cartCookieDomain('tienda.localhost', MAIN)).toBeUndefined();
  });
});

describe('the cart count cookie', () => {
  it('writes units per shop and reads them back; anything malformed is no count', () => {
    const value = formatCartCounts(
      new Map([
        [12, 3],
        [45, 0],
        [7, 12000],
      ]),
    );
    expect(value).toBe('12-3.7-9999');
    expect([...parseCartCounts(value)]).toEqual([
      [12, 3],
      [7, 9999],
    ]);
    expect(parseCartCounts('12-3;x').size).toBe(0);
    expect(parseCartCounts('<script>').size).toBe(0);
    expect(parseCartCounts(undefined).size).toBe(0);
  });
  it('keys the page cache: one copy per set of counts, the shared copy without', () => {
    expect(cartCountsIn('a=1; impulsa_carro_n=12-3')).toBe('12-3');
    expect(cartCountsIn('impulsa_carro_n=%3Cx%3E')).toBe('malformed');
    expect(cartCountsIn('impulsa_carro=abc')).toBeNull();
    const key = (cookie?: string) =>
      requestCacheKey(
        new Request('http://x.cl/shop/1', { headers: cookie ? { cookie } : {} }),
        new URL('http://x.cl/shop/1'),
      );
    expect(key()).toBe('x.cl/shop/1');
    expect(key('impulsa_carro_n=12-3')).toBe('x.cl/shop/1|carro=12-3');
    expect(key('impulsa_carro_n=bad')).toBe('x.cl/shop/1');
  });
});
