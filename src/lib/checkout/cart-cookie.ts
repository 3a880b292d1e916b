/**
 * The cart's cookies. `impulsa_carro`: an anonymous token naming the visitor's carts, sent to the
 * checkout only. `impulsa_carro_n`: how many units each shop's cart holds (`12-3.45-1`), sent with
 * every page so shop headers can show the count without a query; the page cache keys on its value,
 * so everyone with the same counts shares one cached page. On a main domain both are set for the
 * domain and its subdomains, so a shop's site and its main-domain pages share one cart.
 */
import { cookieName } from '@/lib/cookies';
import type { AstroCookies } from 'astro';
import { hostnameOf } from '@/lib/hosts';

export const CART_COOKIE = cookieName('cart');
export const CART_COUNT_COOKIE = cookieName('cartCounts');
export const CART_DAYS = 30;
/** On a custom domain: this browser's cart was already handed over from the main domain. */
export const CART_LINKED_COOKIE = cookieName('cartLinked');

const IP = /^[\d.]+$|^\[/;
/** At most this many shops are counted (a visitor's carts beyond it show no count). */
const MAX_SHOPS = 10;
const COUNTS = /^\d{1,10}-\d{1,4}(?:\.\d{1,10}-\d{1,4}){0,9}$/;
const COUNT_IN_HEADER = new RegExp(`(?:^|;\\s*)${CART_COUNT_COOKIE}=([^;]*)`);

/** The cookies' `Domain` for a request to `host`: the main domain it is on, or none (host-only). */
export function cartCookieDomain(host: string, mainDomains: readonly string[]): string | undefined {
  const name = hostnameOf(host);
  return mainDomains.find(
    (domain) =>
      domain.includes('.') && !IP.test(domain) && (name === domain || name.endsWith(`.${domain}`)),
  );
}

/** The count cookie's value for these carts (units per shop); empty when nothing is in them. */
export function formatCartCounts(counts: ReadonlyMap<number, number>): string {
  return [...counts]
    .filter(([, units]) => units > 0)
    .slice(0, MAX_SHOPS)
    .map(([seller, units]) => `${seller}-${Math.min(units, 9999)}`)
    .join('.');
}

/** Units per shop from the count cookie; anything malformed reads as no count. */
export function parseCartCounts(value: string | undefined): Map<number, number> {
  if (!value || !COUNTS.test(value)) return new Map();
  return new Map(value.split('.').map((pair) => pair.split('-').map(Number) as [number, number]));
}

/** The count cookie's value in a `Cookie` header: null when absent, `'malformed'` when it is not a count. */
export function cartCountsIn(cookieHeader: string | undefined): string | null {
  // Read on every cached page's hit: the pattern is compiled once, and no cookie costs nothing.
  const match = cookieHeader ? COUNT_IN_HEADER.exec(cookieHeader) : null;
  if (!match) return null;
  return COUNTS.test(match[1]!) ? match[1]! : 'malformed';
}

/**
 * The page cache's key part for a `Cookie` header: shop headers show the cart's count, so one copy
 * per set of counts.
 */
export function cartVariant(cookieHeader: string | undefined): string {
  const counts = cartCountsIn(cookieHeader);
  return counts && counts !== 'malformed' ? `|carro=${counts}` : '';
}

/** How many units the visitor's cart in this shop holds, from the count cookie (0: none). */
export function cartCountFor(cookies: AstroCookies, sellerId: number): number {
  return parseCartCounts(cookies.get(CART_COUNT_COOKIE)?.value).get(sellerId) ?? 0;
}
