/**
 * The cart's cookie: an anonymous token, sent with every page of a shop's hosts so their headers
 * can show the cart's count (a page with it is rendered for its visitor, never from the shared
 * cache). On a main domain it is set for the domain and its subdomains, so a shop's site and its
 * pages on the main domain share one cart; a custom domain keeps its own.
 */
import { hostnameOf } from '@/lib/routing/hosts';

export const CART_COOKIE = 'impulsa_carro';
export const CART_DAYS = 30;

const IP = /^[\d.]+$|^\[/;

/** The cookie's `Domain` for a request to `host`: the main domain it is on, or none (host-only). */
export function cartCookieDomain(host: string, mainDomains: readonly string[]): string | undefined {
  const name = hostnameOf(host);
  return mainDomains.find(
    (domain) =>
      domain.includes('.') && !IP.test(domain) && (name === domain || name.endsWith(`.${domain}`)),
  );
}
