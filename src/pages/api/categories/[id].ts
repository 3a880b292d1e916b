import type { APIRoute } from 'astro';
import { CATEGORY_NOT_FOUND, deleteCategory, updateCategory } from '@/lib/shop/categories.server';
import { categoryPatchSchema } from '@/lib/shop/schemas';
import { getDb } from '@/lib/server/db/client';
import { requireShop } from '@/lib/team/shop.server';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';
import { idParam } from '@/lib/server/http/params';

/** `PATCH /api/categories/{id}/` {name?, position?} renames and/or moves it. */
export const PATCH: APIRoute = async ({ locals, params, request }) => {
  const user = requireShop(locals);
  const id = idParam(params.id, CATEGORY_NOT_FOUND);
  const patch = await readBody(request, categoryPatchSchema);
  return json(await updateCategory(await getDb(), user.id, id, patch));
};

/** `DELETE …`: its products stay, without category. */
export const DELETE: APIRoute = async ({ locals, params }) => {
  await deleteCategory(
    await getDb(),
    requireShop(locals).id,
    idParam(params.id, CATEGORY_NOT_FOUND),
  );
  return json({ detail: 'Categoría eliminada.' });
};

export const ALL = methodNotAllowed('PATCH', 'DELETE');
