import type { APIRoute } from 'astro';
import { figuresCsv } from '@/lib/figures/figures';
import { shopFigures } from '@/lib/figures/figures.server';
import { periodParam } from '@/lib/figures/period.server';
import { getDb } from '@/lib/server/db/client';
import { requireShop } from '@/lib/team/shop.server';
import { downloadResponse } from '@/lib/server/http/download';
import { methodNotAllowed } from '@/lib/server/http/json';

/** `GET /api/store/figures/csv/?days=7|30|90` → the daily figures as a CSV download. */
export const GET: APIRoute = async ({ locals, url }) => {
  const user = requireShop(locals);
  const figures = await shopFigures(await getDb(), user.id, periodParam(url));
  return downloadResponse(figuresCsv(figures), `cifras-${figures.from}-a-${figures.to}.csv`);
};

export const ALL = methodNotAllowed('GET');
