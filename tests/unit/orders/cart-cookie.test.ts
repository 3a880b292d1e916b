import { describe, expect, it } from 'vitest';
import { cartCookieDomain } from '@/lib/orders/cart-cookie';

const MAIN = ['impulsa.cl', 'www.impulsa.cl', '127.0.0.1', 'localhost'];

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
