import type { APIRoute } from 'astro';
import { createProduct, listProducts } from '@/lib/shop/products.server';
import { productCreateSchema } from '@/lib/shop/schemas';
import { productFilters } from '@/lib/shop/filters';
import { getDb } from '@/lib/server/db/client';
import { requireShop } from '@/lib/team/shop.server';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';
import { paginated } from '@/lib/server/http/pagination';

/** `GET /api/products/?page=&category=&q=&status=` → the seller's products, newest first. */
export const GET: APIRoute = async ({ locals, url }) => {
  const user = requireShop(locals);
  const db = await getDb();
  const filters = productFilters(url.searchParams);
  return json(
    await paginated(url, (page, pageSize) => listProducts(db, user.id, filters, page, pageSize)),
  );
};

/**
 * `POST /api/products/` {name, description, price, compare_at_price?, stock?, published?,
 * category?, images?} → 201 product.
 */
export const POST: APIRoute = async ({ locals, request }) => {
  const user = requireShop(locals);
  const input = await readBody(request, productCreateSchema);
  return json(await createProduct(await getDb(), user.id, input), { status: 201 });
};

export const ALL = methodNotAllowed('GET', 'POST');
