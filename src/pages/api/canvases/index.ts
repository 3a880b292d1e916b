import type { APIRoute } from 'astro';
import { canvasCreateSchema } from '@/lib/canvas/notes';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';
import { paginated } from '@/lib/server/http/pagination';
import { createCanvas, listCanvases } from '@/lib/canvas/canvases.server';

/** `GET /api/canvases/?page=` → the user's canvases, last edited first. */
export const GET: APIRoute = async ({ locals, url }) => {
  const user = requireUser(locals);
  const db = await getDb();
  return json(await paginated(url, (page, pageSize) => listCanvases(db, user.id, page, pageSize)));
};

/** `POST /api/canvases/` {title, description} → 201 the new canvas. */
export const POST: APIRoute = async ({ locals, request }) => {
  const user = requireUser(locals);
  const input = await readBody(request, canvasCreateSchema);
  return json(await createCanvas(await getDb(), user.id, input), { status: 201 });
};

export const ALL = methodNotAllowed('GET', 'POST');
