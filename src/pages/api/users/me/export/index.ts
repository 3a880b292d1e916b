import type { APIRoute } from 'astro';
import { exportUserData } from '@/lib/accounts/export.server';
import { chileDay } from '@/lib/dates';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { json, methodNotAllowed } from '@/lib/server/http/json';

/**
 * `GET /api/users/me/export/` → everything Impulsa holds about the signed-in person, as a JSON
 * download («Mis datos» in /perfil; Ley 21.719's access and portability).
 */
export const GET: APIRoute = async ({ locals }) =>
  json(await exportUserData(await getDb(), requireUser(locals).id), {
    headers: {
      'Content-Disposition': `attachment; filename="impulsa-mis-datos-${chileDay(new Date())}.json"`,
    },
  });

export const ALL = methodNotAllowed('GET');
