/**
 * A shop's catalogue feeds for Google Merchant Center and Meta Commerce Manager: on a site's host
 * `/feeds/google.xml` and `/feeds/meta.csv`; on the main domains under the shop's public path
 * `/tienda/{seller}/feeds/…` (as its legal pages are).
 */
export const FEED_FILES = { google: 'google.xml', meta: 'meta.csv' } as const;
export type FeedKind = keyof typeof FEED_FILES;

/** The feed's path: on a site's host when `sellerId` is null, else on the main domains. */
export function shopFeedPath(feed: FeedKind, sellerId: number | null): string {
  return `${sellerId === null ? '' : `/tienda/${sellerId}`}/feeds/${FEED_FILES[feed]}`;
}

/** Which feed a file name is (`google.xml`), or null. */
export function feedOfFile(file: string): FeedKind | null {
  const found = Object.entries(FEED_FILES).find(([, name]) => name === file);
  return found ? (found[0] as FeedKind) : null;
}

/** Whether a path is a shop's feed on the main domains. */
export function isShopFeedPath(path: string): boolean {
  return /^\/tienda\/[^/]+\/feeds\/[^/]+$/.test(path);
}
