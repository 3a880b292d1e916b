import type { APIRoute } from 'astro';
import { figuresCsv } from '@/lib/figures/figures';
import { shopFigures } from '@/lib/figures/figures.server';
import { periodParam } from '@/lib/figures/period.server';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { methodNotAllowed } from '@/lib/server/http/json';

/** `GET /api/store/figures/csv/?days=7|30|90` → the daily figures as a CSV download. */
export const GET: APIRoute = async ({ locals, url }) => {
  const user = requireUser(locals);
  const figures = await shopFigures(await getDb(), user.id, periodParam(url));
  return new Response(figuresCsv(figures), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="cifras-${figures.from}-a-${figures.to}.csv"`,
      'Cache-Control': 'no-store',
    },
  });
};

export const ALL = methodNotAllowed('GET');
