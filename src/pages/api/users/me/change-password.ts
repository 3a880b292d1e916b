import type { APIRoute } from 'astro';
import { changePasswordSchema } from '@/lib/accounts/schemas';
import { revokeOtherTokens } from '@/lib/accounts/auth-tokens.server';
import { verifyPassword } from '@/lib/accounts/passwords.server';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { HttpError } from '@/lib/server/http/errors';
import { BODY_LIMITS, json, methodNotAllowed, readBody } from '@/lib/server/http/json';
import { findUserById, setPassword } from '@/lib/accounts/users.server';

const WRONG_CURRENT = 'La contraseña actual no es correcta.';

/** `POST /api/users/me/change-password/` {current_password, new_password} → {detail}. */
export const POST: APIRoute = async ({ locals, request }) => {
  const me = requireUser(locals);
  const input = await readBody(request, changePasswordSchema, BODY_LIMITS.auth);
  const db = await getDb();
  const user = await findUserById(db, me.id);
  if (!user || !(await verifyPassword(user.passwordHash, input.current_password))) {
    throw new HttpError(400, WRONG_CURRENT, { errors: { current_password: [WRONG_CURRENT] } });
  }
  await setPassword(db, me.id, input.new_password);
  // Whoever knew the old password is signed out everywhere else; this session stays.
  await revokeOtherTokens(db, me.id, locals.auth!.token);
  return json({ detail: 'Tu contraseña quedó actualizada.' });
};

export const ALL = methodNotAllowed('POST');
