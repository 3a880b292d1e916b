import type { APIRoute } from 'astro';
import { duplicateProduct, PRODUCT_NOT_FOUND } from '@/lib/shop/products.server';
import { getDb } from '@/lib/server/db/client';
import { requireShop } from '@/lib/team/shop.server';
import { json, methodNotAllowed } from '@/lib/server/http/json';
import { idParam } from '@/lib/server/http/params';

/** `POST /api/products/{id}/duplicate/` → 201 a draft copy with the same images. */
export const POST: APIRoute = async ({ locals, params }) =>
  json(
    await duplicateProduct(
      await getDb(),
      requireShop(locals).id,
      idParam(params.id, PRODUCT_NOT_FOUND),
    ),
    { status: 201 },
  );

export const ALL = methodNotAllowed('POST');
