/**
 * The documents of a sent company, as PDF: its statutes and the registry's data sheet; once
 * constituted, what the SII asks to start its activities.
 */
import { activityName } from '@/lib/chile/activities.server';
import { formatDate } from '@/lib/dates';
import { slugify } from '@/lib/slug';
import type { BusinessType } from '@/lib/formation/business-type';
import { dataSheet } from '@/lib/formation/documents/data-sheet';
import { renderPdf } from '@/lib/formation/documents/pdf.server';
import { statutes, type LegalText } from '@/lib/formation/documents/statutes';
import { activitiesStartSheet } from '@/lib/formation/documents/activities-start';
import type { DocumentKind } from '@/lib/formation/documents/kinds';
import { draftOfCompany } from '@/lib/formation/payload';
import { HttpError } from '@/lib/server/http/errors';

export interface CompanyForDocuments {
  id: number;
  type: BusinessType;
  company_name: string;
  payload: unknown;
  /** Once constituted. */
  rut: string | null;
  constituted_on: string | null;
}

/** The document's text; null for the tax start's before the company is constituted. */
function documentText(company: CompanyForDocuments, kind: DocumentKind): LegalText | null {
  const draft = draftOfCompany(company.type, company.payload);
  if (kind === 'estatutos') return statutes(company.type, draft);
  if (kind === 'ficha-de-datos') return dataSheet(company.type, draft, activityName);
  if (!company.rut || !company.constituted_on) return null;
  return activitiesStartSheet(company.type, draft, activityName, {
    rut: company.rut,
    constitutedOn: company.constituted_on,
  });
}

/** The PDF of `kind` for `company`, with the file name it downloads as; 404 when it has none yet. */
export async function companyDocument(company: CompanyForDocuments, kind: DocumentKind) {
  const text = documentText(company, kind);
  if (!text) throw new HttpError(404, 'Este documento estará cuando tu empresa esté constituida.');
  const bytes = await renderPdf(text, {
    subject: company.company_name,
    footer: `Solicitud n.º ${company.id} · generado por Impulsa el ${formatDate(new Date())}`,
    layout: kind === 'estatutos' ? 'clauses' : 'rows',
  });
  return { bytes, filename: `${kind}-${slugify(company.company_name, 'empresa')}.pdf` };
}

export { pdfResponse } from '@/lib/server/http/pdf';
