import type { APIRoute } from 'astro';
import { canvasRenameSchema } from '@/lib/canvas/notes';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';
import { idParam } from '@/lib/server/http/params';
import { deleteCanvas, getCanvas, renameCanvas } from '@/lib/canvas/canvases.server';

const NOT_FOUND = 'No encontramos ese canvas.';

/** `GET /api/canvases/{id}/` → the canvas with its nine sections; 404 for anyone else's. */
export const GET: APIRoute = async ({ locals, params }) =>
  json(await getCanvas(await getDb(), requireUser(locals).id, idParam(params.id, NOT_FOUND)));

/** `PATCH …` {title?, description?} renames. */
export const PATCH: APIRoute = async ({ locals, params, request }) => {
  const user = requireUser(locals);
  const id = idParam(params.id, NOT_FOUND);
  const patch = await readBody(request, canvasRenameSchema);
  return json(await renameCanvas(await getDb(), user.id, id, patch));
};

/** `DELETE …` deletes it. */
export const DELETE: APIRoute = async ({ locals, params }) => {
  await deleteCanvas(await getDb(), requireUser(locals).id, idParam(params.id, NOT_FOUND));
  return json({ detail: 'Canvas eliminado.' });
};

export const ALL = methodNotAllowed('GET', 'PATCH', 'DELETE');
