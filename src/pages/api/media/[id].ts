import type { APIRoute } from 'astro';
import { deleteMedia, getMedia, MEDIA_NOT_FOUND, setMediaAlt } from '@/lib/shop/media.server';
import { mediaAltSchema } from '@/lib/shop/schemas';
import { getDb } from '@/lib/server/db/client';
import { requireShop } from '@/lib/team/shop.server';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';
import { idParam } from '@/lib/server/http/params';

/** `GET /api/media/{id}/` → one image of the seller's library. */
export const GET: APIRoute = async ({ locals, params }) =>
  json(await getMedia(await getDb(), requireShop(locals).id, idParam(params.id, MEDIA_NOT_FOUND)));

/** `PATCH …` {alt}: the text a screen reader says and search engines read. */
export const PATCH: APIRoute = async ({ locals, params, request }) => {
  const user = requireShop(locals);
  const id = idParam(params.id, MEDIA_NOT_FOUND);
  const { alt } = await readBody(request, mediaAltSchema);
  return json(await setMediaAlt(await getDb(), user.id, id, alt));
};

/** `DELETE …`: removed from every product that showed it. */
export const DELETE: APIRoute = async ({ locals, params }) => {
  await deleteMedia(await getDb(), requireShop(locals).id, idParam(params.id, MEDIA_NOT_FOUND));
  return json({ detail: 'Imagen eliminada.' });
};

export const ALL = methodNotAllowed('GET', 'PATCH', 'DELETE');
