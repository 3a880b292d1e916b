import type { APIRoute } from 'astro';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { HttpError } from '@/lib/server/http/errors';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';
import { join } from '@/lib/team/members.server';
import { joinSchema } from '@/lib/team/schemas';

/**
 * `POST /api/store/members/join/` `{token}`: the signed-in person joins the shop the invitation
 * names (sent to their e-mail), and this credential starts working there.
 */
export const POST: APIRoute = async ({ locals, request }) => {
  const user = requireUser(locals);
  const { token } = await readBody(request, joinSchema);
  if (!locals.auth) throw new HttpError(401, 'Debes iniciar sesión para continuar.');
  return json(await join(await getDb(), user, token, locals.auth.token));
};

export const ALL = methodNotAllowed('POST');
