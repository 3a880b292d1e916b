/** The nota de crédito that cancels an emitted document whole (pure). */
import {
  CONSUMER_RUT,
  cut,
  DTE,
  DTE_LABELS,
  emisorOf,
  type DteAmounts,
  type DteType,
  type Issuer,
} from '@/lib/invoicing/dte';

/** A document already emitted, as a credit note refers to it. */
export interface EmittedDocument extends DteAmounts {
  type: DteType;
  folio: number;
  /** Its date (`YYYY-MM-DD`). */
  issuedOn: string;
}

/**
 * The nota de crédito (61) that cancels `sale` whole (CodRef 1: «anula documento de referencia»).
 * It keeps the sale's own split of neto and IVA, so it takes back exactly the total charged; its
 * receptor is the final consumer the boleta was for.
 */
export function creditNoteOf(sale: EmittedDocument, issuer: Issuer, today: string, reason: string) {
  const label = DTE_LABELS[sale.type].toLowerCase();
  const dte = {
    Encabezado: {
      IdDoc: { TipoDTE: DTE.notaCredito, Folio: 0, FchEmis: today },
      Emisor: emisorOf(issuer, 'factura'),
      Receptor: {
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
    Detalle: [
      {
        NroLinDet: 1,
        NmbItem: cut(`Anula ${label} N° ${sale.folio}`),
        QtyItem: 1,
        PrcItem: sale.neto || sale.exento,
        MontoItem: sale.neto || sale.exento,
        ...(sale.neto ? {} : { IndExe: 1 }),
      },
    ],
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
