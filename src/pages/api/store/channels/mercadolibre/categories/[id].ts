import type { APIRoute } from 'astro';
import { requiredAttributes } from '@/lib/channels/mercadolibre/publish.server';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { HttpError } from '@/lib/server/http/errors';
import { json, methodNotAllowed } from '@/lib/server/http/json';

/**
 * `GET …/mercadolibre/categories/{MLC…}/` → `{category_id, attributes: [{id, name}]}`: what a
 * listing in that category must say.
 */
export const GET: APIRoute = async ({ locals, params }) => {
  const id = params.id ?? '';
  if (!/^MLC\d{1,12}$/.test(id))
    throw new HttpError(404, 'Esa categoría no existe en Mercado Libre.');
  const attributes = await requiredAttributes(await getDb(), requireUser(locals).id, id);
  return json({ category_id: id, attributes });
};

export const ALL = methodNotAllowed('GET');
