import type { APIRoute } from 'astro';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { json, methodNotAllowed } from '@/lib/server/http/json';
import { journeyView } from '@/lib/journey/progress.server';

/**
 * `GET /api/users/me/journey/` → `{next, providers, selling, lesson}`: the dashboard's path as its
 * card shows it, asked again after the card acted in place.
 */
export const GET: APIRoute = async ({ locals }) =>
  json(await journeyView(await getDb(), requireUser(locals).id));

export const ALL = methodNotAllowed('GET');
