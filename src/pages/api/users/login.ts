import type { APIRoute } from 'astro';
import { loginSchema } from '@/lib/accounts/schemas';
import { startSession } from '@/lib/accounts/session.server';
import { getDb } from '@/lib/server/db/client';
import { clientIp } from '@/lib/server/http/auth';
import { HttpError } from '@/lib/server/http/errors';
import { BODY_LIMITS, json, methodNotAllowed, readBody } from '@/lib/server/http/json';
import { assertUnder, hit, RATE_RULES } from '@/lib/accounts/rate-limit.server';
import { authenticateWithPassword } from '@/lib/accounts/users.server';

const BAD_CREDENTIALS = 'El correo o la contraseña no son correctos.';

/** `POST /api/users/login/` {email, password} → {token, user}. */
export const POST: APIRoute = async (context) => {
  const db = await getDb();
  await hit(db, RATE_RULES.loginPerIp, clientIp(context));
  const input = await readBody(context.request, loginSchema, BODY_LIMITS.auth);
  await assertUnder(db, RATE_RULES.loginFailuresPerAccount, input.email);
  const user = await authenticateWithPassword(db, input.email, input.password);
  if (!user) {
    await hit(db, RATE_RULES.loginFailuresPerAccount, input.email);
    throw new HttpError(400, BAD_CREDENTIALS);
  }
  return json(await startSession(db, context, user));
};

export const ALL = methodNotAllowed('POST');
