import type { APIRoute } from 'astro';
import { companyForStaff } from '@/lib/backoffice/companies.server';
import { requireStaff } from '@/lib/backoffice/staff.server';
import { COMPANY_NOT_FOUND } from '@/lib/formation/companies.server';
import { companyDocument, pdfResponse } from '@/lib/formation/documents/documents.server';
import { isDocumentKind } from '@/lib/formation/documents/kinds';
import { isBusinessType } from '@/lib/formation/business-type';
import { getDb } from '@/lib/server/db/client';
import { HttpError } from '@/lib/server/http/errors';
import { methodNotAllowed } from '@/lib/server/http/json';
import { idParam } from '@/lib/server/http/params';

/** `GET /api/backoffice/companies/{id}/documents/{kind}/` (staff) → the company's PDF. */
export const GET: APIRoute = async ({ locals, params }) => {
  const db = await getDb();
  await requireStaff(db, locals.user);
  const company = await companyForStaff(db, idParam(params.id, COMPANY_NOT_FOUND));
  if (!isDocumentKind(params.kind) || !isBusinessType(company.type))
    throw new HttpError(404, 'Ese documento no existe.');
  return pdfResponse(await companyDocument({ ...company, type: company.type }, params.kind));
};

export const ALL = methodNotAllowed('GET');
