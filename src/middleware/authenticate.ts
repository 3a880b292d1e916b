import { defineMiddleware } from 'astro:middleware';
import { getDb } from '@/lib/server/db/client';
import { clearSessionCookie, readSessionCookie } from '@/lib/accounts/session-cookie.server';
import { resolveToken } from '@/lib/accounts/auth-tokens.server';
import { toPublicUser } from '@/lib/accounts/users.server';
import { termsPending } from '@/lib/legal/platform';
import { shopOf } from '@/lib/team/permissions';

/**
 * Sets `locals.user` from `Authorization: Token <key>` or the session cookie. The database
 * is only asked when a credential is present; a dead cookie is cleared. Error pages skip it.
 */
export const authenticate = defineMiddleware(async (context, next) => {
  context.locals.user = null;
  context.locals.auth = null;
  context.locals.shop = null;
  context.locals.team = null;
  // The 500 page needs no session, and must render even when the database is what failed.
  // Sites never read the app's credentials: their pages are the same for everyone.
  if (context.routePattern === '/500' || context.locals.sitePath !== null) return next();
  const header = context.request.headers.get('authorization');
  const fromHeader = header ? /^Token\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
  const token = header ? fromHeader : readSessionCookie(context.cookies, context.url);
  if (token) {
    const resolved = await resolveToken(await getDb(), token);
    if (resolved) {
      context.locals.user = toPublicUser(resolved.user);
      context.locals.shop = shopOf(resolved.user.id, resolved.working ? resolved.membership : null);
      context.locals.team = resolved.membership && {
        shopId: resolved.membership.shopId,
        shop: resolved.membership.shop,
        role: resolved.membership.role,
      };
      context.locals.auth = { token, via: header ? 'header' : 'cookie' };
      // A browser is asked to accept the terms in force; API clients keep spec §5's contract.
      context.locals.termsPending = !header && termsPending(resolved.user.termsVersion);
      context.locals.analyticsConsent = resolved.user.analyticsConsent;
    } else if (!header) {
      clearSessionCookie(context.cookies, context.url);
    }
  }
  return next();
});
