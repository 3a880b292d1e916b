import type { APIRoute } from 'astro';
import { registerSchema } from '@/lib/accounts/schemas';
import { startSession } from '@/lib/accounts/session.server';
import { getDb } from '@/lib/server/db/client';
import { clientIp } from '@/lib/server/http/auth';
import { BODY_LIMITS, json, methodNotAllowed, readBody } from '@/lib/server/http/json';
import { hit, RATE_RULES } from '@/lib/accounts/rate-limit.server';
import { createUser } from '@/lib/accounts/users.server';

/** `POST /api/users/register/` {email, password, full_name} → 201 {token, user}. */
export const POST: APIRoute = async (context) => {
  const db = await getDb();
  await hit(db, RATE_RULES.registerPerIp, clientIp(context));
  const input = await readBody(context.request, registerSchema, BODY_LIMITS.auth);
  await hit(db, RATE_RULES.registerPerAccount, input.email);
  const user = await createUser(db, { email: input.email, fullName: input.full_name, password: input.password });
  return json(await startSession(db, context, user), { status: 201 });
};

export const ALL = methodNotAllowed('POST');
