import type { APIRoute } from 'astro';
import { endSession } from '@/lib/accounts/session.server';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { json, methodNotAllowed } from '@/lib/server/http/json';

/** `POST /api/users/logout/` → {detail}: revokes the token and clears the cookie. */
export const POST: APIRoute = async (context) => {
  requireUser(context.locals);
  await endSession(await getDb(), context);
  return json({ detail: 'Cerraste sesión correctamente.' });
};

export const ALL = methodNotAllowed('POST');
