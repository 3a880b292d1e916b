/** Whose checkout a request is: a published site's (its host) or, on the main domains, none in particular. */
import type { SiteHost } from '@/lib/hosts';
import { publishedPages, siteForHost } from '@/lib/sites/published.server';
import { siteView, type SiteView } from '@/lib/sites/sites.server';
import type { Db } from '@/lib/server/db/client';

export interface PayHost {
  site: { id: number; userId: number; url: string };
  view: SiteView;
  nav: { path: string; title: string }[];
}

/**
 * The site of a tenant host with its navigation; null on the main domains; `missing` for a host
 * with no published site.
 */
export async function payHost(db: Db, host: SiteHost): Promise<PayHost | null | 'missing'> {
  if (host.kind === 'main') return null;
  const row = await siteForHost(db, host);
  if (!row) return 'missing';
  const view = siteView(row);
  const pages = await publishedPages(db, row.id);
  return {
    site: { id: row.id, userId: row.userId, url: view.url },
    view,
    nav: pages.filter((p) => p.path !== '/').map((p) => ({ path: p.path, title: p.title })),
  };
}
