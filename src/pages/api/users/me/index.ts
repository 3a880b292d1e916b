import type { APIRoute } from 'astro';
import { profileSchema } from '@/lib/accounts/schemas';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';
import { toPublicUser, updateProfile } from '@/lib/accounts/users.server';

/** `GET /api/users/me/` → the current user. */
export const GET: APIRoute = ({ locals }) => json(requireUser(locals));

/** `PATCH /api/users/me/` {full_name} → the updated user. */
export const PATCH: APIRoute = async ({ locals, request }) => {
  const user = requireUser(locals);
  const input = await readBody(request, profileSchema);
  return json(toPublicUser(await updateProfile(await getDb(), user.id, input.full_name)));
};

export const ALL = methodNotAllowed('GET', 'PATCH');
