import type { APIRoute } from 'astro';
import { getOrder, moveOrder, ORDER_NOT_FOUND } from '@/lib/orders/book.server';
import { sellerOrderDetail } from '@/lib/channels/order-detail.server';
import { orderPatchSchema } from '@/lib/orders/schemas';
import { getDb } from '@/lib/server/db/client';
import { requireShop } from '@/lib/team/shop.server';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';
import { idParam } from '@/lib/server/http/params';

/** `GET /api/orders/{id}/` → the order; 404 for another seller's. */
export const GET: APIRoute = async ({ locals, params }) =>
  json(
    await getOrder(
      await getDb(),
      requireShop(locals).id,
      idParam(params.id, ORDER_NOT_FOUND),
      sellerOrderDetail,
    ),
  );

/**
 * `PATCH …` {status, version?, note?, tracking_number?, carrier?}: one step along pagado →
 * preparando → enviado (despacho) or listo_retiro (retiro) → entregado, or cancelado (restocks,
 * refunds Webpay). The buyer gets a mail with the note, and the tracking when sent.
 */
export const PATCH: APIRoute = async ({ locals, params, request }) => {
  const shop = requireShop(locals);
  const id = idParam(params.id, ORDER_NOT_FOUND);
  const move = await readBody(request, orderPatchSchema);
  return json(await moveOrder(await getDb(), shop.id, id, move, sellerOrderDetail, shop));
};

export const ALL = methodNotAllowed('GET', 'PATCH');
