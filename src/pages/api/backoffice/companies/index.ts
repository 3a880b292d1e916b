import type { APIRoute } from 'astro';
import { companyQueue } from '@/lib/backoffice/companies.server';
import { requireStaff } from '@/lib/backoffice/staff.server';
import { getDb } from '@/lib/server/db/client';
import { json, methodNotAllowed } from '@/lib/server/http/json';
import { pageParam } from '@/lib/server/http/pagination';

/**
 * `GET /api/backoffice/companies/?status=&type=&q=&page=` (staff) → {results, counts, total, page,
 * pages}; 404 for anyone else.
 */
export const GET: APIRoute = async ({ locals, url }) => {
  const db = await getDb();
  await requireStaff(db, locals.user);
  const param = (name: string) => url.searchParams.get(name) || null;
  return json(
    await companyQueue(
      db,
      { status: param('status'), type: param('type'), q: (param('q') ?? '').slice(0, 100) },
      pageParam(url),
    ),
  );
};

export const ALL = methodNotAllowed('GET');
