import { defineMiddleware } from 'astro:middleware';
import { decideGuard } from '../../routing/guard.ts';
import { INTENDED_COOKIE } from '../../routing/intended.ts';
import { QUICK_START_COOKIE } from '../../stores/quick-start-cookie.ts';
import { isApiPath } from './api-errors.ts';

/** Paths the guard never handles: the API answers 401 itself; assets and tools are not pages. */
function isPage(pathname: string): boolean {
  // The error pages themselves: the guard rewrites to /404, which must not be guarded again.
  if (pathname === '/404' || pathname === '/500') return false;
  return !isApiPath(pathname) && !pathname.startsWith('/_') && !pathname.startsWith('/ingest/') && !/\.[a-z0-9]+$/i.test(pathname);
}

/** Carries out `decideGuard` (spec §2) for page requests. */
export const guard = defineMiddleware(async (context, next) => {
  const { pathname, search } = context.url;
  if (!isPage(pathname) || (context.request.method !== 'GET' && context.request.method !== 'HEAD')) return next();
  const decision = decideGuard({
    pathname,
    pathWithSearch: pathname + search,
    isAuthenticated: context.locals.user !== null,
    intendedRoute: context.cookies.get(INTENDED_COOKIE)?.value ?? null,
    quickStartPending: context.cookies.get(QUICK_START_COOKIE)?.value === '1',
  });
  if ('clearIntended' in decision && decision.clearIntended) context.cookies.delete(INTENDED_COOKIE, { path: '/' });
  switch (decision.action) {
    case 'next':
      return next();
    case 'notFound':
      return context.rewrite('/404');
    case 'redirect':
      if (decision.saveIntended) {
        context.cookies.set(INTENDED_COOKIE, decision.saveIntended, { path: '/', httpOnly: true, sameSite: 'lax', maxAge: 60 * 60 });
      }
      return context.redirect(decision.to, 302);
  }
});
