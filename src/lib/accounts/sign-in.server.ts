/** Signing in with email and password: the one path behind `POST /api/users/login/` and the `/login` form. */
import type { APIContext } from 'astro';
import { loginSchema } from '@/lib/accounts/schemas';
import { startSession } from '@/lib/accounts/session.server';
import { RATE_RULES } from '@/lib/accounts/rate-rules';
import { assertUnder, hit } from '@/lib/server/rate-limit';
import { authenticateWithPassword } from '@/lib/accounts/users.server';
import type { Db } from '@/lib/server/db/client';
import { clientIp } from '@/lib/server/http/auth';
import { HttpError } from '@/lib/server/http/errors';

export const BAD_CREDENTIALS = 'El correo o la contraseña no son correctos.';

/**
 * Counts the attempt against the IP before reading anything, then checks the credentials;
 * starts the session (token and cookie) or throws the Spanish 400 / 429.
 */
export async function signIn(
  db: Db,
  context: Pick<APIContext, 'cookies' | 'url' | 'request' | 'clientAddress'>,
  read: () => Promise<unknown>,
) {
  await hit(db, RATE_RULES.loginPerIp, clientIp(context));
  const input = loginSchema.parse(await read());
  await assertUnder(db, RATE_RULES.loginFailuresPerAccount, input.email);
  const user = await authenticateWithPassword(db, input.email, input.password);
  if (!user) {
    await hit(db, RATE_RULES.loginFailuresPerAccount, input.email);
    throw new HttpError(400, BAD_CREDENTIALS);
  }
  return startSession(db, context, user);
}
