import type { APIRoute } from 'astro';
import { createSiteFromCanvas } from '@/lib/sites/from-canvas.server';
import { siteFromCanvasSchema } from '@/lib/sites/schemas';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';
import { idParam } from '@/lib/server/http/params';

/**
 * `POST /api/canvases/{id}/site/` {subdomain, name?} → 201 {site, products}: an unpublished site
 * drafted from the canvas and unpublished product drafts from its revenue streams.
 */
export const POST: APIRoute = async ({ locals, params, request }) => {
  const user = requireUser(locals);
  const id = idParam(params.id, 'No encontramos ese canvas.');
  const input = await readBody(request, siteFromCanvasSchema);
  return json(await createSiteFromCanvas(await getDb(), user.id, id, input), { status: 201 });
};

export const ALL = methodNotAllowed('POST');
