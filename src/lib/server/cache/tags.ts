/**
 * Every cache tag the app uses, in one place. A page names the data it shows
 * (`Astro.cache.set({ tags })`); whoever changes that data invalidates the same tags
 * (`cache.invalidate({ tags })`), and the in-memory caches that follow the bus (dashboard
 * versions) read theirs back with `parseTag`.
 */

/** The public pages whose content is the app's own (no data behind them). */
export type StaticPage = '/' | '/landing' | '/login' | '/registrate' | '/terminos' | '/privacidad';

export type CacheTag =
  | `page:${StaticPage}`
  | `product:${number}`
  | `store:${number}`
  | `category:${number}`
  | `media:${number}`
  | `catalogue:${number}`
  | `site:${number}`
  | `dashboard:${number}`;

export const tags = {
  page: (path: StaticPage): CacheTag => `page:${path}`,
  product: (id: number): CacheTag => `product:${id}`,
  /** A seller's shop settings (name, contact), shown on their product and site pages. */
  store: (userId: number): CacheTag => `store:${userId}`,
  category: (id: number): CacheTag => `category:${id}`,
  media: (id: number): CacheTag => `media:${id}`,
  /** Any change to which products a seller shows (site grids and catalogues list them). */
  catalogue: (userId: number): CacheTag => `catalogue:${userId}`,
  /** Everything a site's public pages show from the site itself. */
  site: (id: number): CacheTag => `site:${id}`,
  /** A user's dashboard version; migration 0010's trigger spells it in SQL too. */
  dashboard: (userId: number): CacheTag => `dashboard:${userId}`,
} as const;

/** The tags of a product's public page: the product, its shop and its category. */
export function productTags(
  product: { id: number; category: number | null },
  sellerId: number,
): CacheTag[] {
  return [
    tags.product(product.id),
    tags.store(sellerId),
    ...(product.category ? [tags.category(product.category)] : []),
  ];
}

/** The id a `kind:<id>` tag carries, or undefined when `tag` is of another kind. */
export function parseTag(tag: string, kind: 'dashboard'): number | undefined {
  const prefix = `${kind}:`;
  if (!tag.startsWith(prefix)) return undefined;
  const id = Number(tag.slice(prefix.length));
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * How long a cached public page may be served, whatever invalidations say: what a page shows
 * besides its data (the footer's year) is at most this late.
 */
export const PUBLIC_PAGE_MAX_AGE = 86_400;
