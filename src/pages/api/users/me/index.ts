import type { APIRoute } from 'astro';
import { deleteAccountSchema, profileSchema } from '@/lib/accounts/schemas';
import { deleteAccount } from '@/lib/account-deletion.server';
import { clearSessionCookie } from '@/lib/accounts/session-cookie.server';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { BODY_LIMITS, json, methodNotAllowed, readBody } from '@/lib/server/http/json';
import { toPublicUser, updateProfile } from '@/lib/accounts/users.server';
import { privateAnswers } from '@/lib/server/private-answers';

/**
 * `GET /api/users/me/` → the current user; kept, so the next asks are answered from memory
 * (server/private-answers).
 */
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

/**
 * `DELETE /api/users/me/` {password} (an account without one: {email}) → 204: the account is
 * deleted for good (`account-deletion.server.ts`); every session of it ends.
 */
export const DELETE: APIRoute = async ({ locals, request, cookies, url }) => {
  const user = requireUser(locals);
  const proof = await readBody(request, deleteAccountSchema, BODY_LIMITS.auth);
  await deleteAccount(await getDb(), user.id, proof);
  clearSessionCookie(cookies, url);
  return new Response(null, { status: 204 });
};

export const ALL = methodNotAllowed('GET', 'PATCH', 'DELETE');
