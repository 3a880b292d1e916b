import type { APIRoute } from 'astro';
import { endSession } from '../../../lib/server/auth/session';
import { getDb } from '../../../lib/server/db/client';
import { jsonError } from '../../../lib/server/http/errors';
import { json } from '../../../lib/server/http/json';

// Astro does not route folders that start with "_", so `/api/_auth/session` is matched here.
const notThisRoute = (segment: string | undefined) => segment !== '_auth';
const missing = (pathname: string) => jsonError(404, `No existe el recurso ${pathname}.`);

/** `GET /api/_auth/session` → {user, token} for a signed-in browser, {user: null} otherwise. */
export const GET: APIRoute = ({ params, locals, url }) => {
  if (notThisRoute(params.segment)) return missing(url.pathname);
  return json(locals.user && locals.auth ? { user: locals.user, token: locals.auth.token } : { user: null });
};

/** `DELETE /api/_auth/session` ends the session. */
export const DELETE: APIRoute = async (context) => {
  if (notThisRoute(context.params.segment)) return missing(context.url.pathname);
  await endSession(await getDb(), context);
  return json({ user: null });
};

export const ALL: APIRoute = ({ params, url }) =>
  notThisRoute(params.segment) ? missing(url.pathname) : jsonError(405, 'Método no permitido para este recurso.', { headers: { Allow: 'GET, DELETE' } });
