/** Every URL of the shop feature, built in one place. */

/** The public product page on the main domains (the link a seller shares). */
export function shopProductPath(productId: number): string {
  return `/shop/${productId}`;
}

/** A product's page on the seller's site (`/shop` alone: the site's catalogue). */
export function siteShopPath(slug?: string): string {
  return slug === undefined ? '/shop' : `/shop/${slug}`;
}

/**
 * A shop's legal page: on a site's host `/legal/{kind}`; on the main domains
 * `/tienda/{seller}/{kind}` (the main domains hold every shop).
 */
export function shopLegalPath(kind: string, sellerId: number | null): string {
  return sellerId === null ? `/legal/${kind}` : `/tienda/${sellerId}/${kind}`;
}

/** A shop's catalogue on the main domains (with `?q=` its search): for a seller without a site too. */
export function shopCataloguePath(sellerId: number): string {
  return `/tienda/${sellerId}`;
}

/** Whether a path is a shop's catalogue on the main domains. */
export function isShopCataloguePath(path: string): boolean {
  return /^\/tienda\/[^/]+$/.test(path);
}

/** Whether a path is a shop's legal page on the main domains. */
export function isShopLegalPath(path: string): boolean {
  return /^\/tienda\/[^/]+\/[^/]+$/.test(path);
}

const MEDIA_PREFIX = '/media/';

/** An image variant's content-addressed, immutable URL. */
export function mediaPath(key: string, format: string): string {
  return `${MEDIA_PREFIX}${key}.${format === 'jpeg' ? 'jpg' : format}`;
}

/** Whether a path is an image variant's (`mediaPath`): served on every host, sites included. */
export function isMediaPath(pathname: string): boolean {
  return pathname.startsWith(MEDIA_PREFIX);
}

/** The seller's pages in the app. */
export const SELLER_PATHS = {
  products: '/productos',
  newProduct: '/productos/nuevo',
  product: (id: number) => `/productos/${id}`,
  categories: '/categorias',
  /** The catalogue feeds for Google and Meta (`feeds/`). */
  channels: '/canales',
  /** Terms, privacy and returns. */
  legal: '/politicas',
  /** A persona natural's own tax start (inicio de actividades). */
  taxStart: '/dashboard/inicio-actividades',
  /** The catalogue as a CSV, filtered by the list's own query (`?q=&category=&status=`). */
  productsCsv: (search: string) => `/api/products/csv/${search}`,
} as const;
