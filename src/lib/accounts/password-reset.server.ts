/** Password reset: single-use links valid one hour, stored hashed; a reset signs out everywhere. */
import type { APIContext } from 'astro';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { passwordResets } from '@/lib/server/db/schema';
import { siteUrl } from '@/lib/server/config';
import { HttpError } from '@/lib/server/http/errors';
import { hashSecret, newSecret } from '@/lib/accounts/tokens.server';
import { enqueueMail } from '@/lib/server/mail/outbox';
import { enqueue } from '@/lib/server/queue/queue';
import type { JobHandler } from '@/lib/server/queue/worker';
import { passwordResetMail } from '@/lib/accounts/account-mails.server';
import { revokeAllTokens } from '@/lib/accounts/auth-tokens.server';
import { findUserByEmail, setPassword } from '@/lib/accounts/users.server';
import { RATE_RULES } from '@/lib/accounts/rate-rules';
import { hit } from '@/lib/server/rate-limit';
import { requestResetSchema, resetPasswordSchema } from '@/lib/accounts/schemas';
import { clientIp } from '@/lib/server/http/auth';

export const RESET_TTL_MS = 60 * 60 * 1000;
export const INVALID_RESET_LINK =
  'El enlace para cambiar la contraseña no es válido o ya expiró. Pide uno nuevo.';

/** The link a reset mail carries, built from SITE_URL (never from the request's Host). */
export function resetLink(token: string): string {
  const url = new URL('/login/reset-password', siteUrl());
  url.searchParams.set('token', token);
  return url.href;
}

/**
 * Asks for a reset link for `email`: one insert into the queue whether or not an account has it,
 * so neither the answer nor its time tells who has an account. The job does the rest.
 */
export function requestPasswordReset(db: Db, email: string): Promise<void> {
  return enqueue(db, { kind: 'password-reset', payload: { email } });
}

/**
 * The `password-reset` job: if an account has the email, a single-use link and its mail, in one
 * transaction (the mail keyed by the job, so a rerun after a crash sends no second mail).
 */
export const passwordResetJob: JobHandler = async (handle, job) => {
  const email = String(job.payload.email);
  await handle.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) return;
    const token = newSecret();
    await tx.insert(passwordResets).values({
      userId: user.id,
      tokenHash: hashSecret(token),
      expiresAt: new Date(Date.now() + RESET_TTL_MS),
    });
    await enqueueMail(tx, passwordResetMail(user.email, user.fullName, resetLink(token)), {
      key: `password-reset:${job.id}`,
    });
  });
};

/** Sets a new password with a valid, unused link; revokes every token and session of the user. */
export async function resetPassword(db: Db, token: string, password: string): Promise<void> {
  const userId = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResets.tokenHash, hashSecret(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResets.userId });
    return row?.userId;
  });
  if (userId === undefined)
    throw new HttpError(400, INVALID_RESET_LINK, { errors: { token: [INVALID_RESET_LINK] } });
  await setPassword(db, userId, password);
  await revokeAllTokens(db, userId);
  // Other outstanding links for this account die with the old password.
  await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

// The two steps as the API and the pages' forms both run them: rate limits first, then the same answers.

type Context = Pick<APIContext, 'request' | 'clientAddress'>;

/** The same answer whether or not an account has the email. */
export const RESET_REQUESTED =
  'Si existe una cuenta con ese correo, te enviamos un enlace para cambiar la contraseña. Revisa ' +
  'tu bandeja de entrada.';
export const PASSWORD_CHANGED = 'Tu contraseña quedó cambiada. Ya puedes ingresar con la nueva.';

/** Mails a reset link if the account exists; resolves with `RESET_REQUESTED` either way. */
export async function askForReset(
  db: Db,
  context: Context,
  read: () => Promise<unknown>,
): Promise<string> {
  await hit(db, RATE_RULES.resetRequestPerIp, clientIp(context));
  const { email } = requestResetSchema.parse(await read());
  await hit(db, RATE_RULES.resetRequestPerAccount, email);
  await requestPasswordReset(db, email);
  return RESET_REQUESTED;
}

/** Sets the new password with a valid link (signing out everywhere); resolves with `PASSWORD_CHANGED`. */
export async function completeReset(
  db: Db,
  context: Context,
  read: () => Promise<unknown>,
): Promise<string> {
  await hit(db, RATE_RULES.resetPasswordPerIp, clientIp(context));
  const input = resetPasswordSchema.parse(await read());
  await resetPassword(db, input.token, input.password);
  return PASSWORD_CHANGED;
}
