/**
 * An order as the SII's electronic document (pure): the JSON OpenFactura takes, in the SII's own
 * field names (docs/decisions/2026-11-27-openfactura.md). Boletas carry prices with IVA included; the
 * totals are split the way the SII does, neto = round(total / 1.19) and IVA = total − neto, so
 * the document's total is the order's to the peso.
 */
import type { InvoiceDetails } from '@/lib/orders/schemas';

/** The SII's document types this shop emits. */
export const DTE = {
  boleta: 39,
  boletaExenta: 41,
  factura: 33,
  facturaExenta: 34,
  notaCredito: 61,
} as const;
export type DteType = (typeof DTE)[keyof typeof DTE];

/** What a person reads for each type. */
export const DTE_LABELS: Record<DteType, string> = {
  39: 'Boleta electrónica',
  41: 'Boleta exenta electrónica',
  33: 'Factura electrónica',
  34: 'Factura exenta electrónica',
  61: 'Nota de crédito electrónica',
};

/** What a buyer calls each document in a sentence («tu nota de crédito») and its PDF's name. */
export const DTE_NAMES: Record<DteType, { name: string; file: string }> = {
  39: { name: 'boleta', file: 'boleta' },
  41: { name: 'boleta exenta', file: 'boleta-exenta' },
  33: { name: 'factura', file: 'factura' },
  34: { name: 'factura exenta', file: 'factura-exenta' },
  61: { name: 'nota de crédito', file: 'nota-de-credito' },
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
  items: {
    name: string;
    variantName: string | null;
    unitPrice: number;
    quantity: number;
    /** Sold without IVA: its line is exento (`IndExe`). */
    taxExempt: boolean;
  }[];
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

/**
 * What a sale's document states, to the peso of the order's total: exempt lines add to `exento`,
 * the rest (delivery too) is afecto and split into neto and IVA; a discount is shared between
 * both in proportion, so each part keeps its own. Throws when the lines do not add up.
 */
export function saleAmountsOf(
  order: Pick<OrderForDte, 'total' | 'deliveryPrice' | 'discountAmount'> & {
    items: Pick<OrderForDte['items'][number], 'unitPrice' | 'quantity' | 'taxExempt'>[];
  },
): DteAmounts & {
  /** The discount's exempt share (the rest is on the afecto part). */
  exemptDiscount: number;
} {
  let exemptGross = 0;
  let gross = order.deliveryPrice;
  for (const item of order.items) {
    const amount = item.unitPrice * item.quantity;
    gross += amount;
    if (item.taxExempt) exemptGross += amount;
  }
  if (gross - order.discountAmount !== order.total)
    throw new Error(`lines ${gross} − discount ${order.discountAmount} ≠ total ${order.total}`);
  const exemptDiscount = gross ? Math.round((order.discountAmount * exemptGross) / gross) : 0;
  const exento = exemptGross - exemptDiscount;
  const { neto, iva } = splitIva(order.total - exento);
  return { neto, iva, exento, total: order.total, exemptDiscount };
}

/** `s` within the SII's length for its field. */
export const cut = (s: string, max = ITEM_NAME_MAX) => (s.length > max ? s.slice(0, max) : s);

/**
 * The issuer as a document names it: boletas say `RznSocEmisor`/`GiroEmisor` and carry no
 * activity; facturas and notas de crédito say `RznSoc`/`GiroEmis` with `Acteco`.
 */
export function emisorOf(issuer: Issuer, shape: 'boleta' | 'factura') {
  const place = {
    DirOrigen: cut(issuer.address, 70),
    CmnaOrigen: cut(issuer.comuna, 20),
    ...(issuer.branch ? { CdgSIISucur: issuer.branch } : {}),
  };
  return shape === 'boleta'
    ? {
        RUTEmisor: issuer.rut,
        RznSocEmisor: cut(issuer.name, 100),
        GiroEmisor: cut(issuer.giro),
        ...place,
      }
    : {
        RUTEmisor: issuer.rut,
        RznSoc: cut(issuer.name, 100),
        GiroEmis: cut(issuer.giro),
        ...(issuer.acteco ? { Acteco: issuer.acteco } : {}),
        ...place,
      };
}

/** The business a factura (and its nota de crédito) is made out to, as the buyer gave it. */
export const receptorOf = (invoice: InvoiceDetails) => ({
  RUTRecep: invoice.rut.replace(/\./g, ''),
  RznSocRecep: cut(invoice.name, 100),
  GiroRecep: cut(invoice.giro, 40),
  DirRecep: cut(invoice.address, 70),
  CmnaRecep: cut(invoice.comuna, 20),
});

export const emittedLine = (type: DteType, folio: number) =>
  `${DTE_LABELS[type]} N° ${folio} emitida`;
