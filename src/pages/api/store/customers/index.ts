import type { APIRoute } from 'astro';
import { listCustomers } from '@/lib/customers/customers.server';
import { getDb } from '@/lib/server/db/client';
import { requireShop } from '@/lib/team/shop.server';
import { json, methodNotAllowed } from '@/lib/server/http/json';
import { paginated } from '@/lib/server/http/pagination';

/**
 * `GET /api/store/customers/?q=&page=` → my shop's buyers, grouped by e-mail, the latest first;
 * `q` finds them by name, e-mail or phone (accents and case aside).
 */
export const GET: APIRoute = async ({ locals, url }) => {
  const user = requireShop(locals);
  const db = await getDb();
  const q = url.searchParams.get('q') ?? '';
  return json(await paginated(url, (page, size) => listCustomers(db, user.id, q, page, size), 20));
};

export const ALL = methodNotAllowed('GET');
