import type { APIRoute } from 'astro';
import { getOrder, ORDER_NOT_FOUND } from '@/lib/orders/book.server';
import { noExtras } from '@/lib/orders/view.server';
import { getDb } from '@/lib/server/db/client';
import { requireShop } from '@/lib/team/shop.server';
import { HttpError } from '@/lib/server/http/errors';
import { json, methodNotAllowed } from '@/lib/server/http/json';
import { idParam } from '@/lib/server/http/params';
import { requestShipment, shipmentOf } from '@/lib/shipping/shipments.server';

/** `GET /api/orders/{id}/envio/` → the order's shipment at its courier; 404 when none. */
export const GET: APIRoute = async ({ locals, params }) => {
  const db = await getDb();
  const order = await getOrder(
    db,
    requireShop(locals).id,
    idParam(params.id, ORDER_NOT_FOUND),
    noExtras,
  );
  const shipment = await shipmentOf(db, order.id);
  if (!shipment) throw new HttpError(404, 'Esta orden no tiene envío con courier.');
  return json(shipment);
};

/**
 * `POST …` → 202 the shipment, queued to be created at the courier the buyer chose (a paid order
 * moves to «preparando»); pressed again, the same shipment. 409 in Spanish when the order cannot
 * ship by courier.
 */
export const POST: APIRoute = async ({ locals, params }) => {
  const db = await getDb();
  const shipment = await requestShipment(
    db,
    requireShop(locals).id,
    idParam(params.id, ORDER_NOT_FOUND),
  );
  return json(shipment, { status: 202 });
};

export const ALL = methodNotAllowed('GET', 'POST');
