import { defineMiddleware } from 'astro:middleware';
import { decideTeam } from '@/lib/routing/team-rules';
import { memberHome } from '@/lib/team/permissions';
import { TEAM_FORBIDDEN } from '@/lib/team/shop.server';
import { isApiPath } from '@/middleware/api-errors';

/** The form action a request runs, if any: `/_actions/{name}` or a page's `?_action={name}`. */
function actionOf(url: URL): string | null {
  const rpc = /^\/_actions\/([\w.]+)\/?$/.exec(url.pathname);
  return rpc?.[1] ?? url.searchParams.get('_action');
}

/**
 * Issue 67's guard: a session working in another's shop reaches only what its member's role
 * allows (`routing/team-rules.ts`), checked before the route runs: a refused API call or action
 * is a 403 with a Spanish message, a refused page the «sin permiso» page with 403. The owner and
 * everyone working in their own shop pass untouched.
 */
export const teamGuard = defineMiddleware(async (context, next) => {
  const shop = context.locals.shop;
  if (!shop || shop.actor.kind === 'owner' || context.locals.sitePath !== null) return next();
  const action = context.request.method === 'POST' ? actionOf(context.url) : null;
  const decision = decideTeam(shop.actor, {
    routePattern: context.routePattern,
    method: context.request.method,
    action,
  });
  if (decision === 'allow') return next();
  const { pathname } = context.url;
  if (action !== null || isApiPath(pathname))
    return Response.json({ message: TEAM_FORBIDDEN }, { status: 403 });
  // Signing in lands on the dashboard: a member goes to the shop's first page instead.
  if (pathname === '/dashboard' || pathname === '/dashboard/')
    return context.redirect(memberHome(shop.actor), 302);
  const page = await context.rewrite('/sin-permiso');
  return new Response(page.body, { status: 403, headers: page.headers });
});
