import type { APIRoute } from 'astro';
import { profileSchema } from '@/lib/accounts/schemas';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';
import { toPublicUser, updateProfile } from '@/lib/accounts/users.server';
import { privateAnswers } from '@/lib/server/private-answers';

/** `GET /api/users/me/` → the current user; kept, so the next asks are answered from memory (server/private-answers). */
export const GET: APIRoute = (context) => {
  const user = requireUser(context.locals);
  privateAnswers.keep(context, null);
  return json(user);
};

/** `PATCH /api/users/me/` {full_name} → the updated user. */
export const PATCH: APIRoute = async ({ locals, request }) => {
  const user = requireUser(locals);
  const input = await readBody(request, profileSchema);
  return json(toPublicUser(await updateProfile(await getDb(), user.id, input.full_name)));
};

export const ALL = methodNotAllowed('GET', 'PATCH');
