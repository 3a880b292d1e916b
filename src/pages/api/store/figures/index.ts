import type { APIRoute } from 'astro';
import { shopFigures } from '@/lib/figures/figures.server';
import { periodParam } from '@/lib/figures/period.server';
import { getDb } from '@/lib/server/db/client';
import { requireShop } from '@/lib/team/shop.server';
import { json, methodNotAllowed } from '@/lib/server/http/json';

/** `GET /api/store/figures/?days=7|30|90` → {days, from, to, totals, daily, top_products, top_pages}. */
export const GET: APIRoute = async ({ locals, url }) => {
  const user = requireShop(locals);
  return json(await shopFigures(await getDb(), user.id, periodParam(url)));
};

export const ALL = methodNotAllowed('GET');
