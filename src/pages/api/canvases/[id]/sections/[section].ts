import type { APIRoute } from 'astro';
import { sectionUpdateSchema } from '@/lib/canvas/notes';
import { isSection } from '@/lib/canvas/sections';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { HttpError } from '@/lib/server/http/errors';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';
import { idParam } from '@/lib/server/http/params';
import { saveSection } from '@/lib/canvas/canvases.server';

/** `PUT /api/canvases/{id}/sections/{section}/` {notes, version} → {notes, version}; 409 with `current` when stale. */
export const PUT: APIRoute = async ({ locals, params, request }) => {
  const user = requireUser(locals);
  const id = idParam(params.id, 'No encontramos ese canvas.');
  if (!isSection(params.section))
    throw new HttpError(404, `No existe el bloque «${params.section}».`);
  const input = await readBody(request, sectionUpdateSchema);
  return json(await saveSection(await getDb(), user.id, id, params.section, input));
};

export const ALL = methodNotAllowed('PUT');
