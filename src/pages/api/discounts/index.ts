import type { APIRoute } from 'astro';
import { discountCreateSchema } from '@/lib/shop/discounts';
import { createDiscount, listDiscounts } from '@/lib/shop/discounts.server';
import { getDb } from '@/lib/server/db/client';
import { requireShop } from '@/lib/team/shop.server';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';

/** `GET /api/discounts/` → {results: the seller's codes with their uses and revenue}. */
export const GET: APIRoute = async ({ locals }) =>
  json({ results: await listDiscounts(await getDb(), requireShop(locals).id) });

/** `POST …` a new code → 201 the code. */
export const POST: APIRoute = async ({ locals, request }) => {
  const user = requireShop(locals);
  const input = await readBody(request, discountCreateSchema);
  return json(await createDiscount(await getDb(), user.id, input), { status: 201 });
};

export const ALL = methodNotAllowed('GET', 'POST');
