import type { APIRoute } from 'astro';
import { companyForStaff, moveCompany } from '@/lib/backoffice/companies.server';
import { requireStaff } from '@/lib/backoffice/staff.server';
import { moveSchema } from '@/lib/backoffice/transitions';
import { COMPANY_NOT_FOUND } from '@/lib/formation/companies.server';
import { parseId } from '@/lib/ids';
import { getDb } from '@/lib/server/db/client';
import { HttpError } from '@/lib/server/http/errors';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';

const idOf = (raw: string | undefined) => {
  const id = parseId(raw);
  if (id === null) throw new HttpError(404, COMPANY_NOT_FOUND);
  return id;
};

/** `GET /api/backoffice/companies/{id}/` (staff) → the company with its data and history. */
export const GET: APIRoute = async ({ locals, params }) => {
  const db = await getDb();
  await requireStaff(db, locals.user);
  return json(await companyForStaff(db, idOf(params.id)));
};

/** `PATCH …` {status, note?, fields?, rut?, constituted_on?, registry_reference?, version} → the company. */
export const PATCH: APIRoute = async ({ locals, params, request }) => {
  const db = await getDb();
  const staffId = await requireStaff(db, locals.user);
  const id = idOf(params.id);
  return json(await moveCompany(db, staffId, id, await readBody(request, moveSchema)));
};

export const ALL = methodNotAllowed('GET', 'PATCH');
