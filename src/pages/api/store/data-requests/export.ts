import type { APIRoute } from 'astro';
import { buyerCsv, findBuyer, parseBuyerQuery } from '@/lib/orders/data-requests.server';
import { chileDay } from '@/lib/dates';
import { getDb } from '@/lib/server/db/client';
import { requireShop } from '@/lib/team/shop.server';
import { jsonError } from '@/lib/server/http/errors';
import { downloadResponse } from '@/lib/server/http/download';
import { methodNotAllowed } from '@/lib/server/http/json';

const FORMATS = { json: 'application/json', csv: 'text/csv' } as const;

/**
 * `GET /api/store/data-requests/export/?q=&format=json|csv` → that buyer's orders in my shop as a
 * download, for the seller to hand to the buyer (access and portability).
 */
export const GET: APIRoute = async ({ locals, url }) => {
  const user = requireShop(locals);
  const format = url.searchParams.get('format') ?? 'json';
  if (format !== 'json' && format !== 'csv')
    return jsonError(400, 'El formato debe ser json o csv.');
  const found = await findBuyer(await getDb(), user.id, parseBuyerQuery(url.searchParams.get('q')));
  const body = format === 'csv' ? buyerCsv(found) : JSON.stringify({ orders: found }, null, 2);
  return downloadResponse(body, `datos-cliente-${chileDay()}.${format}`, FORMATS[format]);
};

export const ALL = methodNotAllowed('GET');
