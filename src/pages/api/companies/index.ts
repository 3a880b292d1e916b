import type { APIRoute } from 'astro';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { businessTypeOr400 } from '@/lib/formation/business-type.server';
import { json, methodNotAllowed, readJson } from '@/lib/server/http/json';
import { paginated } from '@/lib/server/http/pagination';
import {
  createCompany,
  listCompanies,
  validateCompanyRequest,
} from '@/lib/formation/companies.server';

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
  const db = await getDb();
  return json(await paginated(url, (page, pageSize) => listCompanies(db, user.id, page, pageSize)));
};

export const ALL = methodNotAllowed('GET', 'POST');
