import type { APIRoute } from 'astro';
import { requestResetSchema } from '@/lib/accounts/schemas';
import { getDb } from '@/lib/server/db/client';
import { clientIp } from '@/lib/server/http/auth';
import { BODY_LIMITS, json, methodNotAllowed, readBody } from '@/lib/server/http/json';
import { requestPasswordReset } from '@/lib/accounts/password-reset.server';
import { hit, RATE_RULES } from '@/lib/accounts/rate-limit.server';

/** The same answer whether or not an account has the email. */
export const RESET_REQUESTED = 'Si existe una cuenta con ese correo, te enviamos un enlace para cambiar la contraseña. Revisa tu bandeja de entrada.';

/** `POST /api/users/request-password-reset/` {email} → {detail}. */
export const POST: APIRoute = async (context) => {
  const db = await getDb();
  await hit(db, RATE_RULES.resetRequestPerIp, clientIp(context));
  const { email } = await readBody(context.request, requestResetSchema, BODY_LIMITS.auth);
  await hit(db, RATE_RULES.resetRequestPerAccount, email);
  await requestPasswordReset(db, email);
  return json({ detail: RESET_REQUESTED });
};

export const ALL = methodNotAllowed('POST');
