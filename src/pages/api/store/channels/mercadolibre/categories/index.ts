import type { APIRoute } from 'astro';
import { predictCategories } from '@/lib/channels/mercadolibre/publish.server';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { HttpError } from '@/lib/server/http/errors';
import { json, methodNotAllowed } from '@/lib/server/http/json';

/** `GET …/mercadolibre/categories/?q=taza` → `{categories: [{category_id, category_name, domain_name}]}`. */
export const GET: APIRoute = async ({ locals, url }) => {
  const q = (url.searchParams.get('q') ?? '').trim();
  if (!q)
    throw new HttpError(400, 'Escribe qué vendes para buscar su categoría.', {
      errors: { q: ['Escribe qué vendes para buscar su categoría.'] },
    });
  return json({ categories: await predictCategories(await getDb(), requireUser(locals).id, q) });
};

export const ALL = methodNotAllowed('GET');
