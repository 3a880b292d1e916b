/**
 * A paid order's own document (pure): a boleta for a consumer, or a factura for a business that
 * gave its RUT at checkout; exenta (41, 34) when everything sold is exempt of IVA. Lines carry
 * the prices the buyer saw, IVA included (a factura says so with `MntBruto`), exempt lines say
 * `IndExe`, delivery is a line and the discount code a global discount, shared between the afecto
 * and exento parts; the totals are `saleAmountsOf`'s, so the document's total is the order's.
 */
import {
  CONSUMER_RUT,
  cut,
  DTE,
  emisorOf,
  receptorOf,
  saleAmountsOf,
  type DteAmounts,
  type DteType,
  type Issuer,
  type OrderForDte,
} from '@/lib/invoicing/dte';
import type { InvoiceDetails } from '@/lib/orders/schemas';

/** A line's name: the product, and its variant after a slash. */
const itemName = (i: OrderForDte['items'][number]) =>
  cut(i.variantName ? `${i.name} / ${i.variantName}` : i.name);

/** A line of `Detalle`, before its number. */
interface DteLine {
  NmbItem: string;
  QtyItem: number;
  PrcItem: number;
  MontoItem: number;
  IndExe?: 1;
}

/** The type a sale with these amounts goes on: exenta only when nothing in it bears IVA. */
export function saleTypeOf(amounts: DteAmounts, invoice: boolean): DteType {
  const exempt = amounts.exento > 0 && amounts.neto === 0;
  if (invoice) return exempt ? DTE.facturaExenta : DTE.factura;
  return exempt ? DTE.boletaExenta : DTE.boleta;
}

/** Throws when the lines do not add up to the order's total: a wrong document is never sent. */
export function saleDocumentOf(order: OrderForDte, issuer: Issuer, invoice: InvoiceDetails | null) {
  const { exemptDiscount, ...amounts } = saleAmountsOf(order);
  const type = saleTypeOf(amounts, invoice !== null);
  // A wholly exempt document needs no per-line mark; a mixed one marks its exempt lines.
  const mixed = type === DTE.boleta || type === DTE.factura;
  const lines: DteLine[] = order.items.map((item) => ({
    NmbItem: itemName(item),
    QtyItem: item.quantity,
    PrcItem: item.unitPrice,
    MontoItem: item.unitPrice * item.quantity,
    ...(mixed && item.taxExempt && { IndExe: 1 as const }),
  }));
  if (order.deliveryPrice > 0)
    lines.push({
      NmbItem: 'Despacho',
      QtyItem: 1,
      PrcItem: order.deliveryPrice,
      MontoItem: order.deliveryPrice,
    });
  const { neto, iva, exento, total } = amounts;
  const Totales =
    type === DTE.boletaExenta || type === DTE.facturaExenta
      ? { MntExe: exento, MntTotal: total }
      : {
          MntNeto: neto,
          ...(exento > 0 && { MntExe: exento }),
          ...(type === DTE.factura && { TasaIVA: '19' }),
          IVA: iva,
          MntTotal: total,
        };
  const header = invoice
    ? {
        IdDoc: {
          TipoDTE: type,
          Folio: 0,
          FchEmis: order.paidOn,
          ...(type === DTE.factura && { MntBruto: 1 }),
          FmaPago: 1,
        },
        Emisor: emisorOf(issuer, 'factura'),
        Receptor: receptorOf(invoice),
        Totales,
      }
    : {
        IdDoc: { TipoDTE: type, Folio: 0, FchEmis: order.paidOn, IndServicio: 3 },
        Emisor: emisorOf(issuer, 'boleta'),
        Receptor: { RUTRecep: CONSUMER_RUT },
        Totales,
      };
  const glosa = cut(order.discountCode ? `Código ${order.discountCode}` : 'Descuento', 45);
  const shares = [
    { value: order.discountAmount - exemptDiscount, exempt: false },
    { value: exemptDiscount, exempt: mixed },
  ].filter((s) => s.value > 0);
  const dte = {
    Encabezado: header,
    Detalle: lines.map((l, i) => ({ NroLinDet: i + 1, ...l })),
    ...(shares.length > 0 && {
      DscRcgGlobal: shares.map((s, i) => ({
        NroLinDR: i + 1,
        TpoMov: 'D',
        GlosaDR: glosa,
        TpoValor: '$',
        ValorDR: s.value,
        ...(s.exempt && { IndExeDR: 1 }),
      })),
    }),
  };
  return { type, dte, amounts: { neto, iva, exento, total } satisfies DteAmounts };
}
