import type { APIRoute } from 'astro';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { json, methodNotAllowed } from '@/lib/server/http/json';
import { idParam } from '@/lib/server/http/params';
import { duplicateCanvas } from '@/lib/canvas/canvases.server';

/** `POST /api/canvases/{id}/duplicate/` → 201 a copy with all its notes. */
export const POST: APIRoute = async ({ locals, params }) =>
  json(
    await duplicateCanvas(
      await getDb(),
      requireUser(locals).id,
      idParam(params.id, 'No encontramos ese canvas.'),
    ),
    { status: 201 },
  );

export const ALL = methodNotAllowed('POST');
