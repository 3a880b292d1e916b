/**
 * Which pages need no account (docs/spec.md §2). Whether a page exists at all is Astro's to say (the
 * route it matched, see `route-params.ts`); this file only decides access.
 */
import { normalizePath } from '@/lib/paths';
import { isShopFeedPath } from '@/lib/feeds/urls';
import { isUnsubscribePath } from '@/lib/marketing/urls';
import { isPayPath } from '@/lib/orders/urls';
import { isShopCataloguePath, isShopLegalPath } from '@/lib/shop/urls';

/** Pages anyone may open on the main domains (docs/spec.md §2). */
export const PUBLIC_ROUTES = [
  '/',
  '/landing',
  '/login',
  '/login/forgot-password',
  '/auth/google',
  '/login/oauth-success',
  '/login/reset-password',
  '/login/desbloquear',
  '/registrate',
  '/terminos',
  '/privacidad',
  '/privacidad/preferencias',
] as const;

/** Public pages that only make sense signed out: a signed-in user goes to /dashboard. */
export const PUBLIC_AUTH_ROUTES = [
  '/login',
  '/registrate',
  '/login/forgot-password',
  '/login/reset-password',
  '/login/desbloquear',
] as const;

/** Site previews on the main domains (docs/spec.md §2: any path starting with it is public). */
export const PREVIEW_PREFIX = '/page-builder/_render';

/**
 * The public product page on the main domains, `/shop/{productId}` (docs/design.md §7): the link a
 * seller shares, so anyone may open it. The spec's route table calls it the public shop page.
 */
export function isShopProductPath(path: string): boolean {
  return /^\/shop\/[^/]+$/.test(path);
}

/**
 * True for the public routes, the public product pages, a shop's catalogue, legal pages and feeds, the
 * checkout (`/pay…`: a buyer has no account), a mail's «no more publicity» (`/baja/{token}`) and
 * anything under /page-builder/_render.
 */
export function isPublicRoute(pathname: string): boolean {
  const path = normalizePath(pathname);
  return (
    (PUBLIC_ROUTES as readonly string[]).includes(path) ||
    isShopProductPath(path) ||
    isShopCataloguePath(path) ||
    isShopLegalPath(path) ||
    isShopFeedPath(path) ||
    isPayPath(path) ||
    isUnsubscribePath(path) ||
    path.startsWith(PREVIEW_PREFIX)
  );
}

/** True for the routes a signed-in user is sent away from. */
export function isPublicAuthRoute(pathname: string): boolean {
  return (PUBLIC_AUTH_ROUTES as readonly string[]).includes(normalizePath(pathname));
}

/**
 * The paths a site host (subdomain or custom domain) serves to anyone (docs/spec.md §2): `/`, `/shop`,
 * `/config`, `/pay`, `/shop/{slug}` with exactly one segment after `/shop/`, and the shop's legal
 * pages `/legal/{kind}`.
 */
export function isTenantPublicPath(pathname: string): boolean {
  const path = normalizePath(pathname);
  return (
    path === '/' ||
    path === '/shop' ||
    path === '/config' ||
    path === '/pay' ||
    isShopProductPath(path) ||
    /^\/legal\/[^/]+$/.test(path)
  );
}

/** The back office: for anyone who is not staff it does not exist (`lib/backoffice/staff.server.ts`). */
export const STAFF_PREFIX = '/backoffice';

export function isStaffPath(pathname: string): boolean {
  const path = normalizePath(pathname);
  return path === STAFF_PREFIX || path.startsWith(`${STAFF_PREFIX}/`);
}
