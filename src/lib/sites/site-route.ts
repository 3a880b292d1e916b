/**
 * The tenant host's route table: what a path inside a published site is. The catch-all
 * `_site/[...path].astro` (docs/design.md §3) asks once and renders one component per kind, so
 * no page branches on a set of nullable flags. The guard (`routing/guard.ts`) has already
 * refused what a site does not serve; what reaches here and matches nothing is `not-found`.
 */
import { FEED_FILES, shopFeedPath, type FeedKind } from '@/lib/feeds/urls';
import { LEGAL_KINDS, type LegalKind } from '@/lib/shop/legal';
import { normalizePath } from '@/lib/paths';

export type SiteRoute =
  | { kind: 'robots' }
  | { kind: 'sitemap' }
  | { kind: 'config' }
  | { kind: 'feed'; feed: FeedKind }
  | { kind: 'catalogue' }
  | { kind: 'product'; slug: string }
  | { kind: 'legal'; legal: LegalKind }
  | { kind: 'page'; path: string }
  | { kind: 'not-found' };

/**
 * The query parameters the catalogue (`/shop`) renders with: its search, category and page
 * (`catalogue.server.ts`). The page cache keeps one copy per query of only these.
 */
export const CATALOGUE_PARAMS = ['q', 'categoria', 'pagina'] as const;

const FIXED: Record<string, SiteRoute> = {
  '/robots.txt': { kind: 'robots' },
  '/sitemap.xml': { kind: 'sitemap' },
  '/config': { kind: 'config' },
  '/shop': { kind: 'catalogue' },
  ...Object.fromEntries(
    (Object.keys(FEED_FILES) as FeedKind[]).map((feed) => [
      shopFeedPath(feed, null),
      { kind: 'feed', feed } satisfies SiteRoute,
    ]),
  ),
};

/** The files a site serves besides its pages (the guard lets them through). */
export const SITE_FILES = [
  '/robots.txt',
  '/sitemap.xml',
  ...(Object.keys(FEED_FILES) as FeedKind[]).map((feed) => shopFeedPath(feed, null)),
];

/** What `pathname` is on a site whose published pages are at `pagePaths`. */
export function siteRoute(pathname: string, pagePaths: readonly string[]): SiteRoute {
  const path = normalizePath(pathname);
  const fixed = FIXED[path];
  if (fixed) return fixed;
  const slug = /^\/shop\/([^/]+)$/.exec(path)?.[1];
  if (slug) return { kind: 'product', slug };
  const legal = /^\/legal\/([^/]+)$/.exec(path)?.[1];
  if (legal) {
    return LEGAL_KINDS.includes(legal as LegalKind)
      ? { kind: 'legal', legal: legal as LegalKind }
      : { kind: 'not-found' };
  }
  return pagePaths.includes(path) ? { kind: 'page', path } : { kind: 'not-found' };
}
