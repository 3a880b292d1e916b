import { defineMiddleware } from 'astro:middleware';
import { previewTarget, resolveSite, SITE_ROUTE } from '@/lib/hosts';
import { isMediaPath } from '@/lib/shop/urls';
import { isPayPath } from '@/lib/orders/urls';
import { mainDomains } from '@/lib/server/config';
import { isConnectionError } from '@/lib/server/db/errors';
import { log } from '@/lib/server/log';
import { siteErrorPage } from '@/lib/sites/plain-page';

/**
 * Records which site the request is for in `locals.site` and, for a site, its path inside
 * the site in `locals.sitePath`. Main-domain requests go on to the app's routes; a tenant host
 * and a preview link (`/page-builder/_render/{slug}/…`) are rewritten to the one catch-all
 * route that renders sites, so a tenant host never reaches the app's own pages. That route is
 * not reachable directly. Image variants (`/media/…`) and the checkout (`/pay…`) are answered on every host.
 */
export const resolveHost = defineMiddleware(async (context, next) => {
  const { pathname } = context.url;
  const site = resolveSite(context.request.headers.get('host') ?? context.url.host, mainDomains());
  context.locals.site = site;
  context.locals.sitePath = null;
  if (site.kind === 'main') {
    if (pathname === SITE_ROUTE || pathname.startsWith(SITE_ROUTE + '/'))
      return context.rewrite('/404');
    const preview = previewTarget(pathname);
    if (!preview) return next();
    context.locals.site = {
      kind: 'subdomain',
      host: site.host,
      value: preview.slug,
      preview: true,
    };
    context.locals.sitePath = preview.path;
  } else {
    context.locals.sitePath = pathname;
    // A site's images load from its own origin: the same immutable variants as on the main domains.
    // The checkout is one set of pages for every host (`pages/pay/`): they read `locals.site`.
    if (isMediaPath(pathname) || isPayPath(pathname)) return next();
  }
  try {
    return await next(SITE_ROUTE + context.locals.sitePath + context.url.search);
  } catch (error) {
    // A rewritten route's failure comes back as a throw, past Astro's error page: the site's
    // visitor gets the site's own plain page, a fast 503 while the database is away.
    const unavailable = isConnectionError(error);
    if (!unavailable) log.error('site page failed', { path: context.locals.sitePath, error });
    return siteErrorPage(unavailable);
  }
});
