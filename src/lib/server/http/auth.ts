/** Helpers for endpoints that need the signed-in user. */
import type { APIContext } from 'astro';
import type { PublicUser } from '../../users/user.ts';
import { HttpError } from './errors.ts';

/** The signed-in user, or a 401 with `WWW-Authenticate: Token`. */
export function requireUser(locals: App.Locals): PublicUser {
  if (!locals.user) {
    throw new HttpError(401, 'Debes iniciar sesión para continuar.', { headers: { 'WWW-Authenticate': 'Token' } });
  }
  return locals.user;
}

/** The client's IP: the socket's, or the first X-Forwarded-For hop when TRUST_PROXY=1. */
export function clientIp(context: Pick<APIContext, 'request' | 'clientAddress'>): string {
  if (process.env.TRUST_PROXY === '1') {
    const forwarded = context.request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return context.clientAddress || 'unknown';
  } catch {
    return 'unknown';
  }
}
