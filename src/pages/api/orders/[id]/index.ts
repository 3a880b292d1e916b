import type { APIRoute } from 'astro';
import { getOrder, moveOrder, ORDER_NOT_FOUND } from '@/lib/orders/book.server';
import { orderPatchSchema } from '@/lib/orders/schemas';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';
import { idParam } from '@/lib/server/http/params';

/** `GET /api/orders/{id}/` → the order; 404 for another seller's. */
export const GET: APIRoute = async ({ locals, params }) =>
  json(await getOrder(await getDb(), requireUser(locals).id, idParam(params.id, ORDER_NOT_FOUND)));

/** `PATCH …` {status, version?}: one step along pagado → preparando → enviado → entregado, or cancelado (restocks, refunds Webpay). */
export const PATCH: APIRoute = async ({ locals, params, request }) => {
  const user = requireUser(locals);
  const id = idParam(params.id, ORDER_NOT_FOUND);
  const { status, version } = await readBody(request, orderPatchSchema);
  return json(await moveOrder(await getDb(), user.id, id, status, version));
};

export const ALL = methodNotAllowed('GET', 'PATCH');
