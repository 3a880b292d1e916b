import type { APIRoute } from 'astro';
import { deleteProduct, getProduct, PRODUCT_NOT_FOUND } from '@/lib/shop/products.server';
import { productPatchSchema } from '@/lib/shop/schemas';
import { getDb } from '@/lib/server/db/client';
import { requireShop } from '@/lib/team/shop.server';
import { editProduct } from '@/lib/shop/product-edit.server';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';
import { idParam } from '@/lib/server/http/params';

/** `GET /api/products/{id}/` → the product; 404 for anyone else's. */
export const GET: APIRoute = async ({ locals, params }) =>
  json(
    await getProduct(await getDb(), requireShop(locals).id, idParam(params.id, PRODUCT_NOT_FOUND)),
  );

/**
 * `PATCH …` {…fields, version}: a stale version → 409 with the stored product as `current`. A
 * member without «Cambiar precios» who changes a price gets a 403 (issue 67).
 */
export const PATCH: APIRoute = async ({ locals, params, request }) => {
  const shop = requireShop(locals);
  const id = idParam(params.id, PRODUCT_NOT_FOUND);
  const patch = await readBody(request, productPatchSchema);
  return json(await editProduct(await getDb(), shop, id, patch));
};

/** `DELETE …` deletes it (its public page is a 404 from the next request). */
export const DELETE: APIRoute = async ({ locals, params }) => {
  await deleteProduct(await getDb(), requireShop(locals).id, idParam(params.id, PRODUCT_NOT_FOUND));
  return json({ detail: 'Producto eliminado.' });
};

export const ALL = methodNotAllowed('GET', 'PATCH', 'DELETE');
