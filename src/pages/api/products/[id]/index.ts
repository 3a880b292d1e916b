import type { APIRoute } from 'astro';
import {
  deleteProduct,
  getProduct,
  PRODUCT_NOT_FOUND,
  updateProduct,
} from '@/lib/shop/products.server';
import { productPatchSchema } from '@/lib/shop/schemas';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';
import { idParam } from '@/lib/server/http/params';

/** `GET /api/products/{id}/` → the product; 404 for anyone else's. */
export const GET: APIRoute = async ({ locals, params }) =>
  json(
    await getProduct(await getDb(), requireUser(locals).id, idParam(params.id, PRODUCT_NOT_FOUND)),
  );

/** `PATCH …` {…fields, version}: a stale version → 409 with the stored product as `current`. */
export const PATCH: APIRoute = async ({ locals, params, request }) => {
  const user = requireUser(locals);
  const id = idParam(params.id, PRODUCT_NOT_FOUND);
  const patch = await readBody(request, productPatchSchema);
  return json(await updateProduct(await getDb(), user.id, id, patch));
};

/** `DELETE …` deletes it (its public page is a 404 from the next request). */
export const DELETE: APIRoute = async ({ locals, params }) => {
  await deleteProduct(await getDb(), requireUser(locals).id, idParam(params.id, PRODUCT_NOT_FOUND));
  return json({ detail: 'Producto eliminado.' });
};

export const ALL = methodNotAllowed('GET', 'PATCH', 'DELETE');
