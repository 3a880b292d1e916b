import type { APIRoute } from 'astro';
import { discountPatchSchema } from '@/lib/shop/discounts';
import {
  deleteDiscount,
  DISCOUNT_NOT_FOUND,
  getDiscount,
  updateDiscount,
} from '@/lib/shop/discounts.server';
import { getDb } from '@/lib/server/db/client';
import { requireShop } from '@/lib/team/shop.server';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';
import { idParam } from '@/lib/server/http/params';

/** `GET /api/discounts/{id}/`: another seller's code is a 404. */
export const GET: APIRoute = async ({ locals, params }) =>
  json(
    await getDiscount(
      await getDb(),
      requireShop(locals).id,
      idParam(params.id, DISCOUNT_NOT_FOUND),
    ),
  );

/** `PATCH …` any fields at the stored `version` (409 with `current` when stale). */
export const PATCH: APIRoute = async ({ locals, params, request }) => {
  const user = requireShop(locals);
  const id = idParam(params.id, DISCOUNT_NOT_FOUND);
  const patch = await readBody(request, discountPatchSchema);
  return json(await updateDiscount(await getDb(), user.id, id, patch));
};

/** `DELETE …`: orders placed with it keep their discount. */
export const DELETE: APIRoute = async ({ locals, params }) => {
  await deleteDiscount(
    await getDb(),
    requireShop(locals).id,
    idParam(params.id, DISCOUNT_NOT_FOUND),
  );
  return json({ detail: 'Código eliminado.' });
};

export const ALL = methodNotAllowed('GET', 'PATCH', 'DELETE');
