/**
 * The two password-reset steps as the API and the pages' forms both run them: rate limits
 * first, then the same answers (`RESET_REQUESTED` whether or not the account exists).
 */
import type { APIContext } from 'astro';
import { requestPasswordReset, resetPassword } from '@/lib/accounts/password-reset.server';
import { hit, RATE_RULES } from '@/lib/accounts/rate-limit.server';
import { requestResetSchema, resetPasswordSchema } from '@/lib/accounts/schemas';
import type { Db } from '@/lib/server/db/client';
import { clientIp } from '@/lib/server/http/auth';

type Context = Pick<APIContext, 'request' | 'clientAddress'>;

/** The same answer whether or not an account has the email. */
export const RESET_REQUESTED = 'Si existe una cuenta con ese correo, te enviamos un enlace para cambiar la contraseña. Revisa tu bandeja de entrada.';
export const PASSWORD_CHANGED = 'Tu contraseña quedó cambiada. Ya puedes ingresar con la nueva.';

/** Mails a reset link if the account exists; resolves with `RESET_REQUESTED` either way. */
export async function askForReset(db: Db, context: Context, read: () => Promise<unknown>): Promise<string> {
  await hit(db, RATE_RULES.resetRequestPerIp, clientIp(context));
  const { email } = requestResetSchema.parse(await read());
  await hit(db, RATE_RULES.resetRequestPerAccount, email);
  await requestPasswordReset(db, email);
  return RESET_REQUESTED;
}

/** Sets the new password with a valid link (signing out everywhere); resolves with `PASSWORD_CHANGED`. */
export async function completeReset(db: Db, context: Context, read: () => Promise<unknown>): Promise<string> {
  await hit(db, RATE_RULES.resetPasswordPerIp, clientIp(context));
  const input = resetPasswordSchema.parse(await read());
  await resetPassword(db, input.token, input.password);
  return PASSWORD_CHANGED;
}
