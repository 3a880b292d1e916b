/** Helpers for endpoints that need the signed-in user. */
import type { APIContext } from 'astro';
import type { PublicUser } from '@/lib/accounts/user';
import { trustProxy } from '@/lib/server/config';
import { HttpError } from '@/lib/server/http/errors';

/** The signed-in user, or a 401 with `WWW-Authenticate: Token`. */
export function requireUser(locals: App.Locals): PublicUser {
  if (!locals.user) {
    throw new HttpError(401, 'Debes iniciar sesión para continuar.', {
      headers: { 'WWW-Authenticate': 'Token' },
    });
  }
  return locals.user;
}

/** The client's IP: the socket's, or the first X-Forwarded-For hop when TRUST_PROXY=1. */
export function clientIp(context: Pick<APIContext, 'request' | 'clientAddress'>): string {
  if (trustProxy()) {
    const forwarded = context.request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return context.clientAddress || 'unknown';
  } catch {
    return 'unknown';
  }
}
