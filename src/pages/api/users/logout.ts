import type { APIRoute } from 'astro';
import { endSession } from '@/lib/accounts/session.server';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { isFormPost } from '@/lib/server/http/form';
import { json, methodNotAllowed } from '@/lib/server/http/json';
import { setFlash } from '@/lib/toast/flash.server';

/**
 * `POST /api/users/logout/` → {detail}: revokes the token and clears the cookie. The sign-out
 * button is a form posting here, so it also works before (or without) JavaScript: a form post
 * ends whatever session there is and goes to /login, which is where the island goes too.
 */
export const POST: APIRoute = async (context) => {
  if (isFormPost(context.request)) {
    if (context.locals.user) await endSession(await getDb(), context);
    setFlash(context.cookies, { title: 'Cerraste sesión', description: 'Vuelve cuando quieras.' });
    return context.redirect('/login', 303);
  }
  requireUser(context.locals);
  await endSession(await getDb(), context);
  return json({ detail: 'Cerraste sesión correctamente.' });
};

export const ALL = methodNotAllowed('POST');
