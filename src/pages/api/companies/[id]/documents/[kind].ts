import type { APIRoute } from 'astro';
import { COMPANY_NOT_FOUND, getCompany } from '@/lib/formation/companies.server';
import { companyDocument, pdfResponse } from '@/lib/formation/documents/documents.server';
import { isDocumentKind } from '@/lib/formation/documents/kinds';
import { isBusinessType } from '@/lib/formation/business-type';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { HttpError } from '@/lib/server/http/errors';
import { methodNotAllowed } from '@/lib/server/http/json';
import { idParam } from '@/lib/server/http/params';

/**
 * `GET /api/companies/{id}/documents/{estatutos|ficha-de-datos|inicio-de-actividades}/` → the PDF;
 * 404 for anyone else's, and for the tax start's before the company is constituted.
 */
export const GET: APIRoute = async ({ locals, params }) => {
  const user = requireUser(locals);
  const id = idParam(params.id, COMPANY_NOT_FOUND);
  const company = await getCompany(await getDb(), user.id, id);
  if (!isDocumentKind(params.kind) || !isBusinessType(company.type))
    throw new HttpError(404, 'Ese documento no existe.');
  return pdfResponse(
    await companyDocument(
      { ...company, company_name: company.companyName, type: company.type },
      params.kind,
    ),
  );
};

export const ALL = methodNotAllowed('GET');
