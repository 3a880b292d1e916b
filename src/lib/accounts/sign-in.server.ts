/** Signing in with email and password: the one path behind `POST /api/users/login/` and the `/login` form. */
import type { APIContext } from 'astro';
import { loginSchema } from '@/lib/accounts/schemas';
import { startSession } from '@/lib/accounts/session.server';
import { RATE_RULES } from '@/lib/accounts/rate-rules';
import { assertUnder, hit, reached, record, secondsLeft } from '@/lib/server/rate-limit';
import { isKnownDevice, offerUnlock } from '@/lib/accounts/devices.server';
import { authenticateWithPassword } from '@/lib/accounts/users.server';
import type { Db } from '@/lib/server/db/client';
import { clientIp } from '@/lib/server/http/auth';
import { HttpError } from '@/lib/server/http/errors';

export const BAD_CREDENTIALS = 'El correo o la contraseña no son correctos.';

/** What a new browser hears while the account is under attack (the same whether or not it exists). */
export const NEW_DEVICE_PAUSED =
  'Por seguridad, pausamos el ingreso a esta cuenta desde dispositivos nuevos: alguien está ' +
  'probando contraseñas. Si la cuenta es tuya, te enviamos un correo con un enlace para ingresar ' +
  'desde este dispositivo.';

/**
 * Counts the attempt against the address before reading anything, then the address and account
 * pair's failures (that pair alone waits); while the account is under a guessing run only a
 * browser it knows may try the password, and any other gets the mailed link instead of a lockout.
 * Starts the session (token and cookie; the browser becomes known), or throws the Spanish 400 / 429.
 */
export async function signIn(
  db: Db,
  context: Pick<APIContext, 'cookies' | 'url' | 'request' | 'clientAddress'>,
  read: () => Promise<unknown>,
) {
  const ip = clientIp(context);
  await hit(db, RATE_RULES.loginPerIp, ip);
  const input = loginSchema.parse(await read());
  const pair = `${input.email}|${ip}`;
  await assertUnder(db, RATE_RULES.loginFailuresPerPair, pair);
  if (
    (await reached(db, RATE_RULES.loginFailuresPerAccount, input.email)) &&
    !(await isKnownDevice(db, input.email, context))
  ) {
    await offerUnlock(db, input.email);
    // The pause lasts as long as the account's window of failures (docs/design.md §4).
    throw new HttpError(429, NEW_DEVICE_PAUSED, {
      headers: { 'Retry-After': String(secondsLeft(RATE_RULES.loginFailuresPerAccount)) },
    });
  }
  const user = await authenticateWithPassword(db, input.email, input.password);
  if (!user) {
    await record(db, RATE_RULES.loginFailuresPerPair, pair);
    await record(db, RATE_RULES.loginFailuresPerAccount, input.email);
    throw new HttpError(400, BAD_CREDENTIALS);
  }
  return startSession(db, context, user);
}
