import type { APIRoute } from 'astro';
import { monthlyCsv } from '@/lib/invoicing/monthly';
import { monthDocuments, monthParam } from '@/lib/invoicing/monthly.server';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { downloadResponse } from '@/lib/server/http/download';
import { methodNotAllowed } from '@/lib/server/http/json';

/** `GET /api/store/invoicing/monthly/csv/?month=2026-11` → the month's documents, one per line (`;`, BOM). */
export const GET: APIRoute = async ({ locals, url }) => {
  const month = monthParam(url);
  const documents = await monthDocuments(await getDb(), requireUser(locals).id, month);
  return downloadResponse(monthlyCsv(documents), `documentos-${month}.csv`);
};

export const ALL = methodNotAllowed('GET');
