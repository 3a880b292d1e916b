/**
 * What a published site answers for one of its routes (`site-route.ts`): a file or a redirect as
 * a `Response`, or the content one component renders inside the site's layout.
 */
import { feedResponse } from '@/lib/feeds/feeds.server';
import type { Db } from '@/lib/server/db/client';
import { json } from '@/lib/server/http/json';
import type { SiteRead } from '@/lib/sites/site-read.server';
import type { SiteRoute } from '@/lib/sites/site-route';
import type { SiteRow } from '@/lib/sites/sites.server';
import type { MediaView } from '@/lib/shop/media.server';
import { catalogueQuery, siteCatalogue, type SiteCatalogue } from '@/lib/sites/catalogue.server';
import { publicSiteData, publishedProductSlugs } from '@/lib/sites/published.server';
import { renderPageHtml } from '@/lib/sites/render.server';
import { robotsTxt, sitemapXml } from '@/lib/sites/sitemap';
import type { LegalKind } from '@/lib/shop/legal';
import { publicLegal } from '@/lib/shop/legal.server';
import { publicProduct, publicProductBySlug } from '@/lib/shop/public-product.server';
import { siteShopPath } from '@/lib/shop/urls';

type Shown = NonNullable<Awaited<ReturnType<typeof publicProduct>>>;
/** The site's SEO image, shared with its pages and catalogue (none: not set). */
type SeoImage = MediaView | undefined;

export type SiteContent =
  | { kind: 'product'; shown: Shown }
  | { kind: 'legal'; legal: LegalKind; text: string }
  | { kind: 'page'; title: string; html: string; seoImage: SeoImage }
  | { kind: 'catalogue'; catalogue: SiteCatalogue; seoImage: SeoImage }
  /** A catalogue feed, streamed: the route keeps it in its cache only when `cacheable`. */
  | { kind: 'feed'; response: Response; cacheable: boolean }
  | { kind: 'not-found' };

/** Where the site is being read: what the request read, and the addresses its links are built on. */
export interface SiteAddress {
  read: SiteRead;
  /** The preview's path prefix on the main domains ('' on the site's own host). */
  base: string;
  /** The site's own origin; null in a preview (robots.txt then refuses crawlers). */
  origin: string | null;
  /** The origin every absolute link uses: the site's own, or the preview's. */
  siteOrigin: string;
  search: URLSearchParams;
}

const text = (body: string, type: string) =>
  new Response(body, { headers: { 'Content-Type': `${type}; charset=utf-8` } });

/** The answer for `route` on `site`: a finished `Response`, or content to render. */
export async function siteContent(
  db: Db,
  site: SiteRow,
  route: SiteRoute,
  at: SiteAddress,
): Promise<Response | SiteContent> {
  const shopHref = (slug?: string) => at.base + siteShopPath(slug);
  switch (route.kind) {
    case 'robots':
      return text(robotsTxt(at.origin), 'text/plain');
    case 'sitemap': {
      const published = site.publishedAt ?? undefined;
      const entries = [
        ...at.read.pages.map((p) => ({ path: p.path, lastModified: published })),
        { path: siteShopPath() },
        ...(await publishedProductSlugs(db, site.userId)).map((p) => ({
          path: siteShopPath(p.slug),
          lastModified: p.updatedAt,
        })),
      ];
      return text(sitemapXml(at.siteOrigin, entries), 'application/xml');
    }
    case 'config':
      return json(await publicSiteData(db, site));
    case 'feed': {
      const feed = await feedResponse(db, site.userId, route.feed, {
        origin: at.siteOrigin,
        shop: at.siteOrigin + at.base,
        product: (p) => at.siteOrigin + shopHref(p.slug),
      });
      return feed ? { kind: 'feed', ...feed } : { kind: 'not-found' };
    }
    case 'product': {
      // A slug the product had before redirects to the current one.
      const bySlug = await publicProductBySlug(db, site.userId, route.slug);
      if (!bySlug) return { kind: 'not-found' };
      if (bySlug.slug !== route.slug)
        return new Response(null, { status: 301, headers: { Location: shopHref(bySlug.slug) } });
      const shown = await publicProduct(db, bySlug.id, site.whatsapp);
      return shown ? { kind: 'product', shown } : { kind: 'not-found' };
    }
    case 'legal': {
      const legal = await publicLegal(db, site.userId, route.legal);
      return legal
        ? { kind: 'legal', legal: route.legal, text: legal.text }
        : { kind: 'not-found' };
    }
    case 'catalogue': {
      const catalogue = await siteCatalogue(db, site.userId, catalogueQuery(at.search), {
        catalogue: shopHref(),
        product: (slug) => shopHref(slug),
      });
      return catalogue
        ? { kind: 'catalogue', catalogue, seoImage: at.read.seoImage }
        : { kind: 'not-found' };
    }
    case 'page': {
      // The read's blocks are those of this path: the route is a page only when one is there.
      const page = at.read.pages.find((p) => p.path === route.path);
      if (!page?.data) return { kind: 'not-found' };
      const data = at.read.renderData((s) => shopHref(s), shopHref());
      return {
        kind: 'page',
        title: page.title,
        html: await renderPageHtml(page.data, data),
        seoImage: at.read.seoImage,
      };
    }
    case 'not-found':
      return { kind: 'not-found' };
  }
}
