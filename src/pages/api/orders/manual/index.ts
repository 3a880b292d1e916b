import type { APIRoute } from 'astro';
import { createManualOrder } from '@/lib/checkout/manual.server';
import { manualOrderSchema } from '@/lib/orders/schemas';
import { getDb } from '@/lib/server/db/client';
import { requireShop } from '@/lib/team/shop.server';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';

/**
 * `POST /api/orders/manual/` (the seller) {items, buyer, delivery, delivery_price?,
 * delivery_reason?, discount_code?, notes?, in_person?} → 201 {order, receipt_url, whatsapp_url}:
 * an order the seller takes in a chat or in person (`manual.server.ts`).
 */
export const POST: APIRoute = async ({ locals, request }) => {
  const user = requireShop(locals);
  const input = await readBody(request, manualOrderSchema);
  return json(await createManualOrder(await getDb(), user.id, input, user.userId), {
    status: 201,
  });
};

export const ALL = methodNotAllowed('POST');
