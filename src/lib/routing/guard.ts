/**
 * The route guard (spec §2) as a pure decision, so every rule is a unit-test row.
 * The middleware feeds it the request and carries out what it returns.
 */
import { isKnownRoute, isPublicAuthRoute, isPublicRoute, normalizePath } from './routes.ts';
import { safeIntendedPath } from './intended.ts';

export interface GuardInput {
  /** Path of the page requested (no query). */
  pathname: string;
  /** Path plus query, as it would be saved. */
  pathWithSearch: string;
  isAuthenticated: boolean;
  /** The saved intended route, if any (raw cookie value). */
  intendedRoute: string | null;
  /** A quick-start company is waiting to be applied. */
  quickStartPending: boolean;
}

export type GuardDecision =
  | { action: 'next'; clearIntended?: boolean }
  | { action: 'redirect'; to: string; saveIntended?: string; clearIntended?: boolean }
  | { action: 'notFound' };

/** Decides what happens to a page request. */
export function decideGuard(input: GuardInput): GuardDecision {
  const path = normalizePath(input.pathname);
  if (path === '/') return { action: 'next' };

  const known = isKnownRoute(path);
  const isPublic = isPublicRoute(path);

  if (input.isAuthenticated) {
    const intended = safeIntendedPath(input.intendedRoute);
    if (intended) {
      const intendedPath = normalizePath(intended.split('?')[0]!);
      if (intendedPath !== '/' && !isPublicRoute(intendedPath)) {
        if (intended === input.pathWithSearch || intendedPath === path) return { action: 'next', clearIntended: true };
        return { action: 'redirect', to: intended, clearIntended: true };
      }
    }
    const clearStale = input.intendedRoute !== null ? { clearIntended: true } : {};
    if (isPublicAuthRoute(path)) return { action: 'redirect', to: '/dashboard', ...clearStale };
    if (!known) return { action: 'notFound' };
    return { action: 'next', ...clearStale };
  }

  if (isPublic) return { action: 'next' };
  if (!known) return { action: 'redirect', to: '/login' };
  const saveIntended = safeIntendedPath(input.pathWithSearch) ?? undefined;
  return { action: 'redirect', to: input.quickStartPending ? '/registrate' : '/login', saveIntended };
}
