import type { APIRoute } from 'astro';
import { createdOrderBody } from '@/lib/checkout/order-api.server';
import { createOrder } from '@/lib/checkout/placing.server';
import { undocumented } from '@/lib/invoicing/undocumented.server';
import { listOrders, orderFilterOf } from '@/lib/orders/book.server';
import { orderCreateSchema } from '@/lib/orders/schemas';
import { getDb } from '@/lib/server/db/client';
import { clientIp } from '@/lib/server/http/auth';
import { requireShop } from '@/lib/team/shop.server';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';
import { paginated } from '@/lib/server/http/pagination';

/**
 * `GET /api/orders/?page=&status=&documento=sin` → the seller's orders, newest first;
 * `documento=sin`: only the paid ones without their tax document.
 */
export const GET: APIRoute = async ({ locals, url }) => {
  const user = requireShop(locals);
  const filter = orderFilterOf(url.searchParams);
  const db = await getDb();
  return json(
    await paginated(url, (page, pageSize) =>
      listOrders(db, user.id, filter, page, pageSize, undocumented),
    ),
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
