/**
 * The route guard (docs/spec.md §2) as a pure decision, so every rule is a unit-test row.
 * The middleware feeds it the request and carries out what it returns.
 */
import { TERMS_ACCEPT_PATH } from '@/lib/legal/platform';
import {
  isPublicAuthRoute,
  isPublicRoute,
  isStaffPath,
  isTenantPublicPath,
} from '@/lib/routing/routes';
import { normalizePath } from '@/lib/paths';
import { safeIntendedPath } from '@/lib/routing/intended';

export interface GuardInput {
  /**
   * `main`: the app. `tenant`: a site (its subdomain, its custom domain, or its preview under
   * /page-builder/_render), where `pathname` is the path inside the site.
   */
  host: 'main' | 'tenant';
  /** Path of the page requested (no query). */
  pathname: string;
  /** Path plus query, as it would be saved. */
  pathWithSearch: string;
  /** Astro matched a page for it, with valid parameters (see `pageExists`). */
  routeExists: boolean;
  isAuthenticated: boolean;
  /** The saved intended route, if any (raw cookie value). */
  intendedRoute: string | null;
  /** A quick-start company is waiting to be applied. */
  quickStartPending: boolean;
  /** For a tenant: the site's own page paths, public like `/` (filled in by the sites feature). */
  sitePages?: readonly string[];
  /** Signed in with a browser session that has not accepted the terms in force (issue 48). */
  termsPending?: boolean;
}

export type GuardDecision =
  | { action: 'next'; clearIntended?: boolean }
  | { action: 'redirect'; to: string; saveIntended?: string; clearIntended?: boolean }
  | { action: 'notFound' };

/** Decides what happens to a page request. */
export function decideGuard(input: GuardInput): GuardDecision {
  const path = normalizePath(input.pathname);
  // A site has no accounts: its public paths and pages, or nothing (docs/spec.md §2, custom domains).
  if (input.host === 'tenant')
    return isTenantPublicPath(path) || input.sitePages?.includes(path)
      ? { action: 'next' }
      : { action: 'notFound' };
  if (path === '/') return { action: 'next' };

  const known = input.routeExists;
  const isPublic = isPublicRoute(path);

  if (input.isAuthenticated) {
    // Terms not accepted in their current version: asked before any page of the app, which is
    // kept as intended, and followed once they are (Ley 21.719; the texts themselves stay public).
    if (input.termsPending && path === TERMS_ACCEPT_PATH) return { action: 'next' };
    if (input.termsPending && known && !isPublic)
      return {
        action: 'redirect',
        to: TERMS_ACCEPT_PATH,
        saveIntended: safeIntendedPath(input.pathWithSearch) ?? undefined,
      };
    const intended = safeIntendedPath(input.intendedRoute);
    if (intended) {
      const intendedPath = normalizePath(intended.split('?')[0]!);
      if (intendedPath !== '/' && !isPublicRoute(intendedPath)) {
        if (intended === input.pathWithSearch || intendedPath === path)
          return { action: 'next', clearIntended: true };
        return { action: 'redirect', to: intended, clearIntended: true };
      }
    }
    const clearStale = input.intendedRoute !== null ? { clearIntended: true } : {};
    if (isPublicAuthRoute(path)) return { action: 'redirect', to: '/dashboard', ...clearStale };
    if (!known) return { action: 'notFound' };
    return { action: 'next', ...clearStale };
  }

  if (isPublic) return { action: 'next' };
  // Signed out, the back office is answered as a page that does not exist: nothing is kept of it.
  if (!known || isStaffPath(path)) return { action: 'redirect', to: '/login' };
  const saveIntended = safeIntendedPath(input.pathWithSearch) ?? undefined;
  return {
    action: 'redirect',
    to: input.quickStartPending ? '/registrate' : '/login',
    saveIntended,
  };
}
