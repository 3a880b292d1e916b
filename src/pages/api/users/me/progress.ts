import type { APIRoute } from 'astro';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { json, methodNotAllowed } from '@/lib/server/http/json';
import { userProgress } from '@/lib/journey/progress.server';

/** `GET /api/users/me/progress/` → {data: {modules, completed, total}}. */
export const GET: APIRoute = async ({ locals }) =>
  json({ data: await userProgress(await getDb(), requireUser(locals).id) });

export const ALL = methodNotAllowed('GET');
