/** Every URL of the shop feature, built in one place. */

/** The public product page on the main domains (the link a seller shares). */
export function shopProductPath(productId: number): string {
  return `/shop/${productId}`;
}

/** A product's page on the seller's site (`/shop` alone: the site's catalogue). */
export function siteShopPath(slug?: string): string {
  return slug === undefined ? '/shop' : `/shop/${slug}`;
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
} as const;
