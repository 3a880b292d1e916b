import type { APIRoute } from 'astro';
import { csvStream } from '@/lib/csv';
import { chileDay } from '@/lib/dates';
import { productFilters } from '@/lib/shop/filters';
import { PRODUCT_CSV_HEAD, productCsvRows } from '@/lib/shop/product-csv';
import { listProducts } from '@/lib/shop/products.server';
import { getDb } from '@/lib/server/db/client';
import { requireShop } from '@/lib/team/shop.server';
import { downloadResponse } from '@/lib/server/http/download';
import { methodNotAllowed } from '@/lib/server/http/json';

/** Products read per batch while the file streams. */
const BATCH = 500;

/** `GET /api/products/csv/?category=&q=&status=` → my catalogue as the list filters it (`;`, BOM). */
export const GET: APIRoute = async ({ locals, url }) => {
  const user = requireShop(locals);
  const filters = productFilters(url.searchParams);
  const db = await getDb();
  const body = csvStream(PRODUCT_CSV_HEAD, async (n) =>
    productCsvRows((await listProducts(db, user.id, filters, n + 1, BATCH)).results),
  );
  return downloadResponse(body, `productos-${chileDay()}.csv`);
};

export const ALL = methodNotAllowed('GET');
