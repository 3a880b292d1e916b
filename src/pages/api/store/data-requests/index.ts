import type { APIRoute } from 'astro';
import { findBuyer, parseBuyerQuery } from '@/lib/orders/data-requests.server';
import { getDb } from '@/lib/server/db/client';
import { requireShop } from '@/lib/team/shop.server';
import { json, methodNotAllowed } from '@/lib/server/http/json';

/** `GET /api/store/data-requests/?q=<e-mail or phone>` → {count, orders}: that buyer's orders in my shop. */
export const GET: APIRoute = async ({ locals, url }) => {
  const user = requireShop(locals);
  const found = await findBuyer(await getDb(), user.id, parseBuyerQuery(url.searchParams.get('q')));
  return json({ count: found.length, orders: found });
};

export const ALL = methodNotAllowed('GET');
