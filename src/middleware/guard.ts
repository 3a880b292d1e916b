import { defineMiddleware } from 'astro:middleware';
import { readQuickStart } from '@/lib/formation/quick-start.server';
import { QUICK_START_COOKIE } from '@/lib/formation/quick-start';
import { decideGuard } from '@/lib/routing/guard';
import { INTENDED_COOKIE } from '@/lib/routing/intended';
import { pageExists } from '@/lib/routing/route-params';
import { isApiPath } from '@/middleware/api-errors';
import { searchWithoutAction } from '@/lib/server/http/action-state';

/** Paths the guard never handles on the main domains: the API answers 401 itself; assets and tools are not pages. */
function isPage(pathname: string): boolean {
  // The error pages themselves: the guard rewrites to /404, which must not be guarded again.
  if (pathname === '/404' || pathname === '/500') return false;
  return (
    !isApiPath(pathname) &&
    !pathname.startsWith('/_') &&
    !pathname.startsWith('/ingest/') &&
    !/\.[a-z0-9]+$/i.test(pathname)
  );
}

/** Carries out `decideGuard` (docs/spec.md §2): every request to a site, and page requests to the app. */
export const guard = defineMiddleware(async (context, next) => {
  // The error page renders at the failed request's path, with no session (authenticate skips it):
  // guarding it would send a signed-in person to /login because the database is away.
  if (context.routePattern === '/500') return next();
  const { search } = context.url;
  const sitePath = context.locals.sitePath;
  if (sitePath !== null) {
    const decision = decideGuard({
      host: 'tenant',
      pathname: sitePath,
      pathWithSearch: sitePath + search,
      routeExists: true,
      isAuthenticated: false,
      intendedRoute: null,
      quickStartPending: false,
    });
    // The site route renders the site's own 404 (no app chrome, no app cookies).
    context.locals.siteNotFound = decision.action !== 'next';
    return next();
  }
  const { pathname } = context.url;
  const read = context.request.method === 'GET' || context.request.method === 'HEAD';
  // A form's action rides in the query (`?_action=…`): after signing in, the page is what was meant.
  const pageSearch = searchWithoutAction(search);
  // A signed-in write goes to its page, which answers it; a signed-out one is guarded like a visit.
  if (!isPage(pathname) || (!read && context.locals.user !== null)) return next();
  const decision = decideGuard({
    host: 'main',
    pathname,
    pathWithSearch: pathname + pageSearch,
    routeExists: pageExists(context.routePattern, context.params),
    isAuthenticated: context.locals.user !== null,
    intendedRoute: context.cookies.get(INTENDED_COOKIE)?.value ?? null,
    quickStartPending: readQuickStart(context.cookies.get(QUICK_START_COOKIE)?.value) !== null,
    termsPending: context.locals.termsPending === true,
  });
  if ('clearIntended' in decision && decision.clearIntended)
    context.cookies.delete(INTENDED_COOKIE, { path: '/' });
  switch (decision.action) {
    case 'next':
      return next();
    case 'notFound':
      return context.rewrite('/404');
    case 'redirect':
      if (decision.saveIntended) {
        context.cookies.set(INTENDED_COOKIE, decision.saveIntended, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          maxAge: 60 * 60,
        });
      }
      // A form posted after the session expired: 303, so the browser asks for the sign-in page.
      return context.redirect(decision.to, read ? 302 : 303);
  }
});
