import type { APIRoute } from 'astro';
import { csvStream } from '@/lib/csv';
import { chileDay } from '@/lib/dates';
import { undocumented } from '@/lib/invoicing/undocumented.server';
import { listOrders, orderFilterOf } from '@/lib/orders/book.server';
import { ORDER_CSV_HEAD, orderCsvRows } from '@/lib/orders/order-csv';
import { getDb } from '@/lib/server/db/client';
import { requireShop } from '@/lib/team/shop.server';
import { downloadResponse } from '@/lib/server/http/download';
import { methodNotAllowed } from '@/lib/server/http/json';

/** Orders read per batch while the file streams. */
const BATCH = 500;

/** `GET /api/orders/csv/?status=&documento=sin` → my orders as the list filters them (`;`, BOM). */
export const GET: APIRoute = async ({ locals, url }) => {
  const user = requireShop(locals);
  const filter = orderFilterOf(url.searchParams);
  const db = await getDb();
  const body = csvStream(ORDER_CSV_HEAD, async (n) =>
    orderCsvRows((await listOrders(db, user.id, filter, n + 1, BATCH, undocumented)).results),
  );
  return downloadResponse(body, `ordenes-${chileDay()}.csv`);
};

export const ALL = methodNotAllowed('GET');
