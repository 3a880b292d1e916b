import type { APIRoute } from 'astro';
import { CUSTOMER_CSV_HEAD, customerCsvRows } from '@/lib/customers/customers';
import { customerRows } from '@/lib/customers/customers.server';
import { csvStream } from '@/lib/csv';
import { chileDay } from '@/lib/dates';
import { getDb } from '@/lib/server/db/client';
import { requireShop } from '@/lib/team/shop.server';
import { downloadResponse } from '@/lib/server/http/download';
import { methodNotAllowed } from '@/lib/server/http/json';

/** Customers read per batch while the file streams. */
const BATCH = 1000;

/** `GET /api/store/customers/csv/?q=` → the customers the search finds, as a spreadsheet (`;`, BOM). */
export const GET: APIRoute = async ({ locals, url }) => {
  const user = requireShop(locals);
  const db = await getDb();
  const q = url.searchParams.get('q') ?? '';
  const body = csvStream(CUSTOMER_CSV_HEAD, async (n) =>
    customerCsvRows(await customerRows(db, user.id, q, { limit: BATCH, offset: n * BATCH })),
  );
  return downloadResponse(body, `clientes-${chileDay()}.csv`);
};

export const ALL = methodNotAllowed('GET');
