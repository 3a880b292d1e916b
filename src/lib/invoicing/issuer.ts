/**
 * Who may issue a sale's tax document: the taxpayer who sold (`orders.sold_by`). A seller who
 * went from persona natural to a company has two RUTs, and the invoicing account speaks for one.
 */
import type { Issuer } from '@/lib/invoicing/dte';
import { cleanRut, formatRut } from '@/lib/rut';
import type { LegalEntity } from '@/lib/shop/legal-entity';

/** Why `issuer` may not issue the document of a sale made by `soldBy`; null when it may. */
export function issuerMismatch(
  soldBy: Pick<LegalEntity, 'name' | 'rut'> | null,
  issuer: Pick<Issuer, 'name' | 'rut'>,
): string | null {
  if (!soldBy || cleanRut(soldBy.rut) === cleanRut(issuer.rut)) return null;
  return (
    `Esta venta la hizo ${soldBy.name}, RUT ${formatRut(soldBy.rut)}, y tu cuenta de boletas ` +
    `emite como ${issuer.name}, RUT ${formatRut(issuer.rut)}. Emite el documento en el SII a ` +
    'nombre de quien vendió y anota su folio en la orden.'
  );
}
