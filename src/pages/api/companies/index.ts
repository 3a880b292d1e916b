import type { APIRoute } from 'astro';
import { getDb } from '../../../lib/server/db/client';
import { requireUser } from '../../../lib/server/http/auth';
import { businessTypeOr400 } from '../../../lib/server/http/business-type';
import { json, methodNotAllowed, readJson } from '../../../lib/server/http/json';
import { pageParam, paginate, PAGE_SIZE } from '../../../lib/server/http/pagination';
import { createCompany, listCompanies, validateCompanyRequest } from '../../../lib/server/services/companies';

/** `POST /api/companies/` {type, …full-state payload} → 201 the created company, status `enviado`. */
export const POST: APIRoute = async ({ locals, request }) => {
  const user = requireUser(locals);
  const body = await readJson(request);
  businessTypeOr400((body as { type?: unknown } | null)?.type);
  const db = await getDb();
  const valid = await validateCompanyRequest(db, body);
  return json(await createCompany(db, user.id, valid), { status: 201 });
};

/** `GET /api/companies/?page=` (also `/api/users/me/sent-companies`) → the user's sent companies, newest first. */
export const GET: APIRoute = async ({ locals, url }) => {
  const user = requireUser(locals);
  const page = pageParam(url);
  const { total, results } = await listCompanies(await getDb(), user.id, page, PAGE_SIZE);
  return json(paginate(url, page, total, results));
};

export const ALL = methodNotAllowed('GET', 'POST');
