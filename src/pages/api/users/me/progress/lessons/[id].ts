import type { APIRoute } from 'astro';
import { allLessons } from '@/lib/lessons/catalogue.server';
import { LESSON_NOT_FOUND, saveProgress } from '@/lib/lessons/lessons.server';
import { progressPutSchema } from '@/lib/lessons/schemas';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';
import { idParam } from '@/lib/server/http/params';

/**
 * `PUT /api/users/me/progress/lessons/{id}/` {position_seconds, completed?} → {position_seconds,
 * completed, updated_at}. Also POST, for `navigator.sendBeacon` when the page is left.
 */
const save: APIRoute = async ({ locals, params, request }) => {
  const user = requireUser(locals);
  const id = idParam(params.id, LESSON_NOT_FOUND);
  const input = await readBody(request, progressPutSchema);
  return json(await saveProgress(await getDb(), user.id, await allLessons(), id, input));
};
export const PUT = save;
export const POST = save;

export const ALL = methodNotAllowed('PUT', 'POST');
