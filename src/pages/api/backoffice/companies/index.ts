import type { APIRoute } from 'astro';
import { companyQueue } from '@/lib/backoffice/companies.server';
import { requireStaff } from '@/lib/backoffice/staff.server';
import { getDb } from '@/lib/server/db/client';
import { json, methodNotAllowed } from '@/lib/server/http/json';
import { pageParam } from '@/lib/server/http/pagination';

/** `GET /api/backoffice/companies/?status=&page=` (staff) → {results, counts}; 404 for anyone else. */
export const GET: APIRoute = async ({ locals, url }) => {
  const db = await getDb();
  await requireStaff(db, locals.user);
  return json(await companyQueue(db, url.searchParams.get('status'), pageParam(url)));
};

export const ALL = methodNotAllowed('GET');
