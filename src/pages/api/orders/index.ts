import type { APIRoute } from 'astro';
import { createdOrderBody } from '@/lib/orders/order-api.server';
import { createOrder } from '@/lib/orders/placing.server';
import { listOrders } from '@/lib/orders/book.server';
import { ORDER_STATUSES, orderCreateSchema, type OrderStatus } from '@/lib/orders/schemas';
import { getDb } from '@/lib/server/db/client';
import { clientIp, requireUser } from '@/lib/server/http/auth';
import { HttpError } from '@/lib/server/http/errors';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';
import { paginated } from '@/lib/server/http/pagination';

/**
 * `GET /api/orders/?page=&status=&documento=sin` → the seller's orders, newest first;
 * `documento=sin`: only the paid ones without their tax document.
 */
export const GET: APIRoute = async ({ locals, url }) => {
  const user = requireUser(locals);
  const status = url.searchParams.get('status') || null;
  if (status !== null && !(ORDER_STATUSES as readonly string[]).includes(status))
    throw new HttpError(400, 'Ese estado no existe.', {
      errors: { status: [`Usa uno de: ${ORDER_STATUSES.join(', ')}.`] },
    });
  const documento = url.searchParams.get('documento');
  if (documento !== null && documento !== 'sin')
    throw new HttpError(400, 'Ese filtro no existe.', {
      errors: { documento: ['Usa documento=sin para ver las ventas sin boleta.'] },
    });
  const filter = { status: status as OrderStatus | null, undocumented: documento === 'sin' };
  const db = await getDb();
  return json(
    await paginated(url, (page, pageSize) => listOrders(db, user.id, filter, page, pageSize)),
  );
};

/**
 * `POST /api/orders/` (public) {site?, items, buyer, delivery, payment_method} → 201
 * {id, number, total, status, receipt_url, payment_url?, whatsapp_url?}. Prices, delivery and
 * stock are the server's.
 */
export const POST: APIRoute = async (context) => {
  const input = await readBody(context.request, orderCreateSchema);
  const created = await createOrder(await getDb(), input, { clientIp: clientIp(context) });
  return json(createdOrderBody(created), { status: 201 });
};

export const ALL = methodNotAllowed('GET', 'POST');
