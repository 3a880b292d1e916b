/** Creating an account: the one path behind `POST /api/users/register/` and the `/registrate` form. */
import type { APIContext } from 'astro';
import { RATE_RULES } from '@/lib/accounts/rate-rules';
import { hit } from '@/lib/server/rate-limit';
import { registerSchema } from '@/lib/accounts/schemas';
import { startSession } from '@/lib/accounts/session.server';
import { createUser } from '@/lib/accounts/users.server';
import { PLATFORM_LEGAL_VERSION } from '@/lib/legal/platform';
import type { Db } from '@/lib/server/db/client';
import { clientIp } from '@/lib/server/http/auth';

/**
 * Counts the attempt against the IP before reading anything, then against the email; creates the
 * user and starts the session.
 */
export async function signUp(
  db: Db,
  context: Pick<APIContext, 'cookies' | 'url' | 'request' | 'clientAddress'>,
  read: () => Promise<unknown>,
) {
  await hit(db, RATE_RULES.registerPerIp, clientIp(context));
  const input = registerSchema.parse(await read());
  await hit(db, RATE_RULES.registerPerAccount, input.email);
  const user = await createUser(db, {
    email: input.email,
    fullName: input.full_name,
    password: input.password,
    // Registering is accepting the version the sign-up page shows (docs/design.md, «Legal»).
    acceptedTerms: PLATFORM_LEGAL_VERSION,
  });
  return startSession(db, context, user);
}
