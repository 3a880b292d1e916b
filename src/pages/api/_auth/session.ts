/**
 * `/api/_auth/session` (docs/spec.md §7). Astro's file routing skips folders that start with "_", so
 * `astro.config.mjs` injects this file at exactly this path.
 */
import type { APIRoute } from 'astro';
import { endSession } from '@/lib/accounts/session.server';
import { getDb } from '@/lib/server/db/client';
import { json, methodNotAllowed } from '@/lib/server/http/json';

/** `GET` → {user, token} for a signed-in browser, {user: null} otherwise. */
export const GET: APIRoute = ({ locals }) =>
  json(
    locals.user && locals.auth ? { user: locals.user, token: locals.auth.token } : { user: null },
  );

/** `DELETE` ends the session. */
export const DELETE: APIRoute = async (context) => {
  await endSession(await getDb(), context);
  return json({ user: null });
};

export const ALL = methodNotAllowed('GET', 'DELETE');
