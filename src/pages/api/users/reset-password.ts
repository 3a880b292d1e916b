import type { APIRoute } from 'astro';
import { resetPasswordSchema } from '@/lib/accounts/schemas';
import { getDb } from '@/lib/server/db/client';
import { clientIp } from '@/lib/server/http/auth';
import { BODY_LIMITS, json, methodNotAllowed, readBody } from '@/lib/server/http/json';
import { resetPassword } from '@/lib/accounts/password-reset.server';
import { hit, RATE_RULES } from '@/lib/accounts/rate-limit.server';

/** `POST /api/users/reset-password/` {token, password} → {detail}; signs out everywhere, no automatic sign-in. */
export const POST: APIRoute = async (context) => {
  const db = await getDb();
  await hit(db, RATE_RULES.resetPasswordPerIp, clientIp(context));
  const input = await readBody(context.request, resetPasswordSchema, BODY_LIMITS.auth);
  await resetPassword(db, input.token, input.password);
  return json({ detail: 'Tu contraseña quedó cambiada. Ya puedes ingresar con la nueva.' });
};

export const ALL = methodNotAllowed('POST');
