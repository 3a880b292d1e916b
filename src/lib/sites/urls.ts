/** Every URL of the sites feature, built in one place. */

/** A site's public origin on our subdomains, from the app's origin (`SITE_URL`): `https://<sub>.impulsa.cl`. */
export function subdomainOrigin(subdomain: string, appOrigin: URL): string {
  // An IP address has no subdomains: an app reached as http://127.0.0.1:4321 serves its sites as
  // http://<sub>.localhost:4321, which browsers send to the loopback address too.
  const host = /^[\d.]+$|^\[/.test(appOrigin.hostname)
    ? `localhost${appOrigin.port ? `:${appOrigin.port}` : ''}`
    : appOrigin.host;
  return `${appOrigin.protocol}//${subdomain}.${host}`;
}

/** The preview of a site on the main domains (docs/design.md §7). */
export function previewPath(subdomain: string, path = '/'): string {
  return `/page-builder/_render/${subdomain}${path === '/' ? '' : path}`;
}

/** The seller's pages in the app. */
export const BUILDER_PATHS = {
  sites: '/page-builder',
  site: (id: number) => `/page-builder/site/${id}`,
  /** The editor, at one page of the site (default: its home). */
  editor: (id?: number, pageId?: number) =>
    id ? `/page-builder/editor/${id}${pageId ? `?pagina=${pageId}` : ''}` : '/page-builder/editor',
} as const;
