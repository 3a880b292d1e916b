/** Every URL of the shop feature, built in one place. */

/** The public product page on the main domains (the link a seller shares). */
export function shopProductPath(productId: number): string {
  return `/shop/${productId}`;
}

/** An image variant's content-addressed, immutable URL. */
export function mediaPath(key: string, format: string): string {
  return `/media/${key}.${format === 'jpeg' ? 'jpg' : format}`;
}

/** The seller's pages in the app. */
export const SELLER_PATHS = {
  products: '/productos',
  newProduct: '/productos/nuevo',
  product: (id: number) => `/productos/${id}`,
  categories: '/categorias',
} as const;

/** Render-cache tags of what a public shop page shows (see `server/cache/page-cache.ts`). */
export const shopTags = {
  product: (id: number) => `product:${id}`,
  store: (userId: number) => `store:${userId}`,
  category: (id: number) => `category:${id}`,
  media: (id: number) => `media:${id}`,
  /** Any change to which products a seller shows (site grids and catalogues list them). */
  catalogue: (userId: number) => `catalogue:${userId}`,
} as const;
