/**
 * An order as the SII's electronic document (pure): the JSON OpenFactura takes, in the SII's own
 * field names (docs/decisions/2026-11-27-openfactura.md). Boletas carry prices with IVA included; the
 * totals are split the way the SII does, neto = round(total / 1.19) and IVA = total − neto, so
 * the document's total is the order's to the peso.
 */

/** The SII's document types this shop emits. */
export const DTE = { boleta: 39, boletaExenta: 41, factura: 33, notaCredito: 61 } as const;
export type DteType = (typeof DTE)[keyof typeof DTE];

/** What a person reads for each type. */
export const DTE_LABELS: Record<DteType, string> = {
  39: 'Boleta electrónica',
  41: 'Boleta exenta electrónica',
  33: 'Factura electrónica',
  61: 'Nota de crédito electrónica',
};

/** The RUT the SII reserves for a final consumer on a boleta. */
export const CONSUMER_RUT = '66666666-6';
/** The SII cuts item names at 80 characters, and the issuer's giro too. */
export const ITEM_NAME_MAX = 80;
const IVA_RATE = 0.19;

/** Who issues: the taxpayer the provider knows the key by. */
export interface Issuer {
  rut: string;
  name: string;
  giro: string;
  address: string;
  comuna: string;
  /** The SII's code of the branch (casa matriz), when the provider gives one. */
  branch?: string | null;
  /** Its main economic activity's code (facturas and notas de crédito carry it; boletas do not). */
  acteco?: number | null;
}

/** The order, as its document needs it. */
export interface OrderForDte {
  total: number;
  deliveryPrice: number;
  discountAmount: number;
  discountCode: string | null;
  items: { name: string; variantName: string | null; unitPrice: number; quantity: number }[];
  /** The Chilean day it was paid (`YYYY-MM-DD`): the document's date. */
  paidOn: string;
}

/** IVA included in `total`, split as the SII does. */
export function splitIva(total: number): { neto: number; iva: number } {
  const neto = Math.round(total / (1 + IVA_RATE));
  return { neto, iva: total - neto };
}

/** The amounts a document states, for our records and the monthly declaration. */
export interface DteAmounts {
  neto: number;
  iva: number;
  exento: number;
  total: number;
}

const cut = (s: string, max = ITEM_NAME_MAX) => (s.length > max ? s.slice(0, max) : s);

/** A line's name: the product, and its variant after a slash. */
const itemName = (i: OrderForDte['items'][number]) =>
  cut(i.variantName ? `${i.name} / ${i.variantName}` : i.name);

/**
 * The boleta (39) of a paid order: one line per item, delivery as a line, the discount code as a
 * global discount. Throws when the lines do not add up to the order's total (never emitted wrong).
 */
export function boletaOf(order: OrderForDte, issuer: Issuer) {
  const lines = order.items.map((item) => ({
    NmbItem: itemName(item),
    QtyItem: item.quantity,
    PrcItem: item.unitPrice,
    MontoItem: item.unitPrice * item.quantity,
  }));
  if (order.deliveryPrice > 0)
    lines.push({
      NmbItem: 'Despacho',
      QtyItem: 1,
      PrcItem: order.deliveryPrice,
      MontoItem: order.deliveryPrice,
    });
  const gross = lines.reduce((sum, l) => sum + l.MontoItem, 0);
  if (gross - order.discountAmount !== order.total)
    throw new Error(`lines ${gross} − discount ${order.discountAmount} ≠ total ${order.total}`);
  const { neto, iva } = splitIva(order.total);
  const dte = {
    Encabezado: {
      IdDoc: { TipoDTE: DTE.boleta, Folio: 0, FchEmis: order.paidOn, IndServicio: 3 },
      Emisor: {
        RUTEmisor: issuer.rut,
        RznSocEmisor: cut(issuer.name, 100),
        GiroEmisor: cut(issuer.giro),
        DirOrigen: cut(issuer.address, 70),
        CmnaOrigen: cut(issuer.comuna, 20),
        ...(issuer.branch ? { CdgSIISucur: issuer.branch } : {}),
      },
      Receptor: { RUTRecep: CONSUMER_RUT },
      Totales: { MntNeto: neto, IVA: iva, MntTotal: order.total },
    },
    Detalle: lines.map((l, i) => ({ NroLinDet: i + 1, ...l })),
    ...(order.discountAmount > 0 && {
      DscRcgGlobal: [
        {
          NroLinDR: 1,
          TpoMov: 'D',
          GlosaDR: cut(order.discountCode ? `Código ${order.discountCode}` : 'Descuento', 45),
          TpoValor: '$',
          ValorDR: order.discountAmount,
        },
      ],
    }),
  };
  const amounts: DteAmounts = { neto, iva, exento: 0, total: order.total };
  return { type: DTE.boleta, dte, amounts };
}

export type BuiltDte = ReturnType<typeof boletaOf>;

/** The timeline's event for a document emitted; its note is the whole line («Boleta electrónica N° 12 emitida»). */
export const TAX_DOCUMENT_EVENT = 'documento';
export const emittedLine = (type: DteType, folio: number) =>
  `${DTE_LABELS[type]} N° ${folio} emitida`;

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
      Emisor: {
        RUTEmisor: issuer.rut,
        RznSoc: cut(issuer.name, 100),
        GiroEmis: cut(issuer.giro),
        ...(issuer.acteco ? { Acteco: issuer.acteco } : {}),
        DirOrigen: cut(issuer.address, 70),
        CmnaOrigen: cut(issuer.comuna, 20),
        ...(issuer.branch ? { CdgSIISucur: issuer.branch } : {}),
      },
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
