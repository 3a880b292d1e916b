import type { APIRoute } from 'astro';
import { monthlySummary, monthParam } from '@/lib/invoicing/monthly.server';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { json, methodNotAllowed } from '@/lib/server/http/json';

/**
 * `GET /api/store/invoicing/monthly/?month=2026-11` → {month, types: [{type, label, count, neto,
 * iva, exento, total}], net, undocumented: {count, total}}: the month's IVA declaration (F29).
 */
export const GET: APIRoute = async ({ locals, url }) =>
  json(await monthlySummary(await getDb(), requireUser(locals).id, monthParam(url)));

export const ALL = methodNotAllowed('GET');
