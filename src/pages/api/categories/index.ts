import type { APIRoute } from 'astro';
import { createCategory, listCategories } from '@/lib/shop/categories.server';
import { categorySchema } from '@/lib/shop/schemas';
import { getDb } from '@/lib/server/db/client';
import { requireShop } from '@/lib/team/shop.server';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';
import { paginatedList } from '@/lib/server/http/pagination';

/** `GET /api/categories/` → the seller's categories in their order, a DRF page like every list. */
export const GET: APIRoute = async ({ locals, url }) =>
  json(paginatedList(url, await listCategories(await getDb(), requireShop(locals).id)));

/** `POST /api/categories/` {name} → 201 the category, last in the order. */
export const POST: APIRoute = async ({ locals, request }) => {
  const user = requireShop(locals);
  const { name } = await readBody(request, categorySchema);
  return json(await createCategory(await getDb(), user.id, name), { status: 201 });
};

export const ALL = methodNotAllowed('GET', 'POST');
