/**
 * Which site a request's host belongs to (docs/spec.md §7, site resolution): one of the main
 * domains is the app itself; `<label>.<main domain>` is subdomain site `<label>`;
 * any other host is a custom-domain site.
 */

/** The outcome of `resolveSite`. */
export type SiteHost =
  | { kind: 'main'; host: string }
  | { kind: 'subdomain'; host: string; value: string; preview?: boolean }
  | { kind: 'custom'; host: string; value: string };

/** The host name of a `Host` header: lower case, without port or trailing dot. */
export function hostnameOf(hostHeader: string): string {
  const trimmed = hostHeader.trim().toLowerCase();
  const withoutPort = trimmed.startsWith('[')
    ? trimmed.slice(0, trimmed.indexOf(']') + 1)
    : trimmed.replace(/:\d+$/, '');
  return withoutPort.replace(/\.$/, '');
}

/**
 * Resolves `hostHeader` against `mainDomains` (already lower case). A site's subdomain is exactly
 * one label before a main domain; a deeper name (`a.b.impulsa.cl`) names no site: it resolves to
 * the subdomain `''`, which no site has, so it is a 404 and the TLS ask refuses it.
 */
export function resolveSite(hostHeader: string, mainDomains: readonly string[]): SiteHost {
  const host = hostnameOf(hostHeader);
  if (!host || mainDomains.includes(host)) return { kind: 'main', host };
  let under = false;
  for (const domain of mainDomains) {
    if (!host.endsWith('.' + domain)) continue;
    const label = host.slice(0, -domain.length - 1);
    if (!label.includes('.')) return { kind: 'subdomain', host, value: label };
    under = true;
  }
  if (under) return { kind: 'subdomain', host, value: NO_SITE };
  return { kind: 'custom', host, value: host };
}

/** The subdomain of a name under ours that no site can have (more than one label). */
export const NO_SITE = '';

/** Where a tenant request is rendered: one catch-all route (`src/pages/_site/[...path].astro`). */
export const SITE_ROUTE = '/_site';

/**
 * A preview link on the main domains, `/page-builder/_render/{slug}[/path]`: the site whose
 * subdomain is `slug`, at `path` (default `/`). Null for any other path.
 */
export function previewTarget(pathname: string): { slug: string; path: string } | null {
  const match = /^\/page-builder\/_render\/([^/]+)(\/.*)?$/.exec(pathname);
  if (!match) return null;
  return {
    slug: match[1]!.toLowerCase(),
    path: match[2] && match[2] !== '/' ? match[2].replace(/\/+$/, '') || '/' : '/',
  };
}
