/** The nota de crédito that cancels an emitted document whole (pure). */
import {
  CONSUMER_RUT,
  cut,
  DTE,
  DTE_LABELS,
  emisorOf,
  receptorOf,
  type DteAmounts,
  type DteType,
  type Issuer,
} from '@/lib/invoicing/dte';
import type { InvoiceDetails } from '@/lib/orders/schemas';

/** A document already emitted, as a credit note refers to it. */
export interface EmittedDocument extends DteAmounts {
  type: DteType;
  folio: number;
  /** Its date (`YYYY-MM-DD`). */
  issuedOn: string;
}

/**
 * The nota de crédito (61) that cancels `sale` whole (CodRef 1: «anula documento de referencia»).
 * It keeps the sale's own split of neto, IVA and exento (a line for each part), so it takes back
 * exactly the total charged; its receptor is the factura's business, or the final consumer the
 * boleta was for.
 */
export function creditNoteOf(
  sale: EmittedDocument,
  issuer: Issuer,
  today: string,
  reason: string,
  invoice: InvoiceDetails | null = null,
) {
  const label = DTE_LABELS[sale.type].toLowerCase();
  const name = cut(`Anula ${label} N° ${sale.folio}`);
  const parts = [
    { amount: sale.neto, exempt: false },
    { amount: sale.exento, exempt: true },
  ].filter((p) => p.amount > 0);
  const dte = {
    Encabezado: {
      IdDoc: { TipoDTE: DTE.notaCredito, Folio: 0, FchEmis: today },
      Emisor: emisorOf(issuer, 'factura'),
      Receptor: invoice
        ? receptorOf(invoice)
        : {
            RUTRecep: CONSUMER_RUT,
            RznSocRecep: 'Consumidor final',
            GiroRecep: 'Particular',
            DirRecep: cut(issuer.address, 70),
            CmnaRecep: cut(issuer.comuna, 20),
          },
      Totales: {
        ...(sale.neto ? { MntNeto: sale.neto, TasaIVA: '19', IVA: sale.iva } : {}),
        ...(sale.exento ? { MntExe: sale.exento } : {}),
        MntTotal: sale.total,
      },
    },
    Detalle: parts.map((p, i) => ({
      NroLinDet: i + 1,
      NmbItem: name,
      QtyItem: 1,
      PrcItem: p.amount,
      MontoItem: p.amount,
      ...(p.exempt && { IndExe: 1 }),
    })),
    Referencia: [
      {
        NroLinRef: 1,
        TpoDocRef: String(sale.type),
        FolioRef: String(sale.folio),
        FchRef: sale.issuedOn,
        CodRef: '1',
        RazonRef: cut(reason, 90),
      },
    ],
  };
  const amounts: DteAmounts = {
    neto: sale.neto,
    iva: sale.iva,
    exento: sale.exento,
    total: sale.total,
  };
  return { type: DTE.notaCredito, dte, amounts };
}
