import type { APIRoute } from 'astro';
import { tillCsv, tillDay, tillOf } from '@/lib/orders/till.server';
import { getDb } from '@/lib/server/db/client';
import { downloadResponse } from '@/lib/server/http/download';
import { HttpError } from '@/lib/server/http/errors';
import { methodNotAllowed } from '@/lib/server/http/json';
import { requireShop } from '@/lib/team/shop.server';

/** `GET /vender/caja.csv?dia=2026-11-29` → the day's counter sales as a CSV (issue 67). */
export const GET: APIRoute = async ({ locals, url }) => {
  const shop = requireShop(locals);
  const day = tillDay(url.searchParams.get('dia'));
  if (!day) throw new HttpError(400, 'El día debe tener la forma 2026-11-29.');
  const till = await tillOf(await getDb(), shop.id, day);
  return downloadResponse(tillCsv(till), `caja-${day}.csv`);
};

export const ALL = methodNotAllowed('GET');
