import type { APIRoute } from 'astro';
import { getCustomer } from '@/lib/customers/customers.server';
import { getDb } from '@/lib/server/db/client';
import { requireShop } from '@/lib/team/shop.server';
import { json, methodNotAllowed } from '@/lib/server/http/json';

/** `GET /api/store/customers/{key}/` → one of my customers with their orders; anyone else's is a 404. */
export const GET: APIRoute = async ({ locals, params }) => {
  const user = requireShop(locals);
  return json(await getCustomer(await getDb(), user.id, params.key ?? ''));
};

export const ALL = methodNotAllowed('GET');
