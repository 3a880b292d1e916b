/** The company a shop sells as, once constituted: its legal name and RUT (pure). */
import { z } from '@/lib/zod';
import { MAX_ID } from '@/lib/ids';
import { formatPhone } from '@/lib/phone';

export interface LegalEntity {
  name: string;
  rut: string;
  /** Its legal address, and for a company its legal representative (Ley 19.496). */
  address?: string | null;
  representative?: string | null;
}

/** A store row's legal columns as an entity; null until name and RUT are set. */
export function legalEntityOf(
  row:
    | {
        legalName: string | null;
        legalRut: string | null;
        legalAddress?: string | null;
        legalRepresentative?: string | null;
      }
    | null
    | undefined,
): LegalEntity | null {
  if (!row?.legalName || !row.legalRut) return null;
  // Only what the row was read with: the company endpoints answer `{name, rut}`.
  return {
    name: row.legalName,
    rut: row.legalRut,
    ...(row.legalAddress !== undefined && { address: row.legalAddress }),
    ...(row.legalRepresentative !== undefined && { representative: row.legalRepresentative }),
  };
}

/**
 * Who the shop says sells, on the dashboard's path: a persona natural with their own RUN (and
 * their tax start's day, once recorded) or a company.
 */
export type SellsAs = { as: 'persona'; startedOn: string | null } | { as: 'empresa' };

/** «Vende Panadería Las Rosas SpA, RUT 76.123.456-0.»: on receipts and buyers' mails. */
export function sellerLine(legal: LegalEntity | null): string {
  return legal ? `Vende ${legal.name}, RUT ${legal.rut}.` : '';
}

/**
 * Whether the shop says who sells as Ley 19.496 asks (name, RUT, address): until it does, the shop
 * can be built but takes no orders.
 */
export const identityComplete = (legal: LegalEntity | null): legal is LegalEntity =>
  Boolean(legal?.name && legal.rut && legal.address);

/** Why a shop takes no orders yet, in one line (the checkout, the API, the seller's dashboard). */
export const SHOP_NOT_IDENTIFIED =
  'Esta tienda todavía no recibe pedidos: falta indicar quién vende (nombre, RUT y domicilio).';

/**
 * Who sells, in the words every shop page, the checkout, the receipt and the mails use: name and
 * RUT, legal address, legal representative, and how to reach the shop.
 */
export function sellerIdentity(
  shop: { legal: LegalEntity | null; email: string; whatsapp: string | null },
  { withContact = true } = {},
): string[] {
  // What the seller typed as the shop's contact; nothing when she typed none.
  const ways = [
    ...(shop.email ? [shop.email] : []),
    ...(shop.whatsapp ? [`WhatsApp ${formatPhone(shop.whatsapp)}`] : []),
  ];
  const contact = withContact && ways.length ? [`Contacto: ${ways.join(', ')}.`] : [];
  if (!shop.legal) return contact;
  return [
    sellerLine(shop.legal),
    ...(shop.legal.address ? [`Domicilio: ${shop.legal.address}.`] : []),
    ...(shop.legal.representative ? [`Representante legal: ${shop.legal.representative}.`] : []),
    ...contact,
  ];
}

/** `PUT /api/store/company/` and the company page's form: which constituted company sells. */
export const storeCompanySchema = z.object({
  company_id: z.coerce
    .number({ error: 'Elige una de tus empresas constituidas.' })
    .int()
    .min(1)
    .max(MAX_ID, 'Elige una de tus empresas constituidas.'),
});
