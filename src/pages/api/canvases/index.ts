import type { APIRoute } from 'astro';
import { canvasCreateSchema } from '../../../lib/canvas/notes';
import { getDb } from '../../../lib/server/db/client';
import { requireUser } from '../../../lib/server/http/auth';
import { json, methodNotAllowed, readBody } from '../../../lib/server/http/json';
import { pageParam, paginate, PAGE_SIZE } from '../../../lib/server/http/pagination';
import { createCanvas, listCanvases } from '../../../lib/server/services/canvases';

/** `GET /api/canvases/?page=` → the user's canvases, last edited first. */
export const GET: APIRoute = async ({ locals, url }) => {
  const user = requireUser(locals);
  const page = pageParam(url);
  const { total, results } = await listCanvases(await getDb(), user.id, page, PAGE_SIZE);
  return json(paginate(url, page, total, results));
};

/** `POST /api/canvases/` {title, description} → 201 the new canvas. */
export const POST: APIRoute = async ({ locals, request }) => {
  const user = requireUser(locals);
  const input = await readBody(request, canvasCreateSchema);
  return json(await createCanvas(await getDb(), user.id, input), { status: 201 });
};

export const ALL = methodNotAllowed('GET', 'POST');
