/** The documents of a sent company, as PDF: its statutes and the registry's data sheet. */
import { activityName } from '@/lib/chile/activities.server';
import { formatDate } from '@/lib/dates';
import { slugify } from '@/lib/shop/slug';
import type { BusinessType } from '@/lib/formation/business-type';
import { dataSheet } from '@/lib/formation/documents/data-sheet';
import { renderPdf } from '@/lib/formation/documents/pdf.server';
import { statutes } from '@/lib/formation/documents/statutes';
import type { DocumentKind } from '@/lib/formation/documents/kinds';
import { draftOfCompany } from '@/lib/formation/payload';

export interface CompanyForDocuments {
  id: number;
  type: BusinessType;
  company_name: string;
  payload: unknown;
}

/** The PDF of `kind` for `company`, with the file name it downloads as. */
export async function companyDocument(company: CompanyForDocuments, kind: DocumentKind) {
  const draft = draftOfCompany(company.type, company.payload);
  const text =
    kind === 'estatutos'
      ? statutes(company.type, draft)
      : dataSheet(company.type, draft, activityName);
  const bytes = await renderPdf(text, {
    subject: company.company_name,
    footer: `Solicitud n.º ${company.id} · generado por Impulsa el ${formatDate(new Date())}`,
    layout: kind === 'estatutos' ? 'clauses' : 'rows',
  });
  return { bytes, filename: `${kind}-${slugify(company.company_name, 'empresa')}.pdf` };
}

export { pdfResponse } from '@/lib/server/http/pdf';
