/**
 * The sign-in pages' forms (docs/spec.md §4): sign in, sign up, ask for and complete a password
 * reset, unlock a device. Public: each counts the attempt against the address before reading the
 * fields (the rate rules), so the schema here takes them as text and the service parses them.
 */
import { afterFormSignIn } from '@/lib/accounts/form-sign-in.server';
import { acceptTerms } from '@/lib/accounts/users.server';
import { deleteAccount } from '@/lib/account-deletion.server';
import { deleteAccountSchema } from '@/lib/accounts/schemas';
import { clearSessionCookie } from '@/lib/accounts/session-cookie.server';
import { unlockDevice } from '@/lib/accounts/devices.server';
import { askForReset, completeReset } from '@/lib/accounts/password-reset.server';
import { signIn } from '@/lib/accounts/sign-in.server';
import { signUp } from '@/lib/accounts/sign-up.server';
import { firstName } from '@/lib/accounts/user';
import { formAction } from '@/lib/server/http/action';
import { requireUser } from '@/lib/server/http/auth';
import { HttpError } from '@/lib/server/http/errors';
import { getDb } from '@/lib/server/db/client';
import { z } from '@/lib/zod';

const asTyped = z.record(z.string(), z.string());
const PUBLIC = { public: true };
const MISMATCH = 'Las contraseñas no coinciden.';

export const accounts = {
  signIn: formAction(
    asTyped,
    {},
    async (fields, context) => {
      const db = await getDb();
      const { user } = await signIn(db, context, () => Promise.resolve(fields));
      await afterFormSignIn(db, context.cookies, user.id);
      return { title: `¡Hola de nuevo, ${firstName(user)}!` };
    },
    PUBLIC,
  ),
  signUp: formAction(
    asTyped,
    {},
    async (fields, context) => {
      const db = await getDb();
      const { user } = await signUp(db, context, () => Promise.resolve(fields));
      await afterFormSignIn(db, context.cookies, user.id);
      return {
        title: `¡Te damos la bienvenida, ${firstName(user)}!`,
        description: 'Tu cuenta quedó creada.',
      };
    },
    PUBLIC,
  ),
  /** Answers the same sentence whether or not the address has an account. */
  askReset: formAction(
    asTyped,
    {},
    async (fields, context) => askForReset(await getDb(), context, () => Promise.resolve(fields)),
    PUBLIC,
  ),
  completeReset: formAction(
    asTyped,
    {},
    async (fields, context) => {
      if (fields.password !== fields.confirm)
        throw new HttpError(400, 'Revisa la nueva contraseña.', {
          errors: { confirm: [MISMATCH] },
        });
      return completeReset(await getDb(), context, () => Promise.resolve(fields));
    },
    PUBLIC,
  ),
  unlockDevice: formAction(
    asTyped,
    {},
    async (fields, context) => {
      await unlockDevice(await getDb(), fields.token ?? '', context);
      return {
        title: 'Dispositivo listo',
        description: 'Ya puedes ingresar con tu contraseña desde este navegador.',
      };
    },
    PUBLIC,
  ),
  /** The signed-in person accepts the terms and privacy policy in force (`/terminos/aceptar`). */
  acceptTerms: formAction(z.object({}), {}, async (_fields, context) => {
    await acceptTerms(await getDb(), requireUser(context.locals).id);
    return { title: 'Gracias', description: 'Aceptaste los términos y la política de privacidad.' };
  }),
  /** «Eliminar mi cuenta» in /perfil: final; the page then leaves for the home page. */
  deleteAccount: formAction(deleteAccountSchema, {}, async (proof, context) => {
    await deleteAccount(await getDb(), requireUser(context.locals).id, proof);
    clearSessionCookie(context.cookies, context.url);
    return {
      title: 'Tu cuenta fue eliminada',
      description: 'Borramos tus datos personales. Gracias por haber usado Impulsa.',
    };
  }),
};
