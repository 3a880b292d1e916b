/** The company a shop sells as, once constituted: its legal name and RUT (pure). */
import { z } from '@/lib/zod';
import { MAX_ID } from '@/lib/ids';

export interface LegalEntity {
  name: string;
  rut: string;
}

/** A store row's legal columns as an entity; null until both are set. */
export function legalEntityOf(
  row: { legalName: string | null; legalRut: string | null } | null | undefined,
): LegalEntity | null {
  return row?.legalName && row.legalRut ? { name: row.legalName, rut: row.legalRut } : null;
}

/** «Vende Panadería Las Rosas SpA, RUT 76.123.456-0.»: on receipts and buyers' mails. */
export function sellerLine(legal: LegalEntity | null): string {
  return legal ? `Vende ${legal.name}, RUT ${legal.rut}.` : '';
}

/** `PUT /api/store/company/` and the company page's form: which constituted company sells. */
export const storeCompanySchema = z.object({
  company_id: z.coerce
    .number({ error: 'Elige una de tus empresas constituidas.' })
    .int()
    .min(1)
    .max(MAX_ID, 'Elige una de tus empresas constituidas.'),
});
