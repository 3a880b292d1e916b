/**
 * `/api/_auth/session` (docs/spec.md §7). Astro's file routing skips folders that start with "_", so
 * `astro.config.mjs` injects this file at exactly this path.
 */
import type { APIRoute } from 'astro';
import { endSession } from '@/lib/accounts/session.server';
import { getDb } from '@/lib/server/db/client';
import { json, methodNotAllowed } from '@/lib/server/http/json';

/**
 * `GET` → {user} for a browser signed in by its session cookie, {user: null} otherwise. Never the
 * token: the browser's credential stays in its HttpOnly cookie
 * (docs/decisions/2026-11-25-cookie-only-browser-session.md).
 */
export const GET: APIRoute = ({ locals }) =>
  json({ user: locals.auth?.via === 'cookie' ? locals.user : null });

/** `DELETE` ends the session. */
export const DELETE: APIRoute = async (context) => {
  await endSession(await getDb(), context);
  return json({ user: null });
};

export const ALL = methodNotAllowed('GET', 'DELETE');
