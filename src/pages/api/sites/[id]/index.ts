import type { APIRoute } from 'astro';
import { deleteSite, getSite, SITE_NOT_FOUND, updateSite } from '@/lib/sites/sites.server';
import { sitePatchSchema } from '@/lib/sites/schemas';
import { getDb } from '@/lib/server/db/client';
import { requireShop } from '@/lib/team/shop.server';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';
import { idParam } from '@/lib/server/http/params';

/** `GET /api/sites/{id}/` → the site (docs/design.md §7). */
export const GET: APIRoute = async ({ locals, params }) =>
  json(await getSite(await getDb(), requireShop(locals).id, idParam(params.id, SITE_NOT_FOUND)));

/** `PATCH …` {name?, seo?, theme?, whatsapp?, version} → the saved site; a stale version → 409 with `current`. */
export const PATCH: APIRoute = async ({ locals, params, request }) => {
  const user = requireShop(locals);
  const id = idParam(params.id, SITE_NOT_FOUND);
  const patch = await readBody(request, sitePatchSchema);
  return json(await updateSite(await getDb(), user.id, id, patch));
};

/** `DELETE …`: the site and its pages; its addresses stop answering at once. */
export const DELETE: APIRoute = async ({ locals, params }) => {
  await deleteSite(await getDb(), requireShop(locals).id, idParam(params.id, SITE_NOT_FOUND));
  return json({ detail: 'Sitio eliminado.' });
};

export const ALL = methodNotAllowed('GET', 'PATCH', 'DELETE');
