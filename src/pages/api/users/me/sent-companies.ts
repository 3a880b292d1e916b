import type { APIRoute } from 'astro';
import { getDb } from '../../../../lib/server/db/client';
import { requireUser } from '../../../../lib/server/http/auth';
import { json, methodNotAllowed } from '../../../../lib/server/http/json';
import { pageParam, paginate, PAGE_SIZE } from '../../../../lib/server/http/pagination';
import { listCompanies } from '../../../../lib/server/services/companies';

/** `GET /api/users/me/sent-companies?page={page}` → paginated, newest first (spec §7). */
export const GET: APIRoute = async ({ locals, url }) => {
  const user = requireUser(locals);
  const page = pageParam(url);
  const { total, results } = await listCompanies(await getDb(), user.id, page, PAGE_SIZE);
  return json(paginate(url, page, total, results));
};

export const ALL = methodNotAllowed('GET');
