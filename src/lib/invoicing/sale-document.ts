/**
 * A paid order's own document (pure): a boleta (39) for a consumer, or a factura (33) for a
 * business that gave its RUT at checkout. Lines carry the prices the buyer saw, IVA included (a
 * factura says so with `MntBruto`), delivery is a line and the discount code a global discount;
 * the totals split the order's total as the SII does, so the document's total is the order's.
 */
import {
  CONSUMER_RUT,
  cut,
  DTE,
  emisorOf,
  splitIva,
  type DteAmounts,
  type Issuer,
  type OrderForDte,
} from '@/lib/invoicing/dte';
import type { InvoiceDetails } from '@/lib/orders/schemas';

/** A line's name: the product, and its variant after a slash. */
const itemName = (i: OrderForDte['items'][number]) =>
  cut(i.variantName ? `${i.name} / ${i.variantName}` : i.name);

/** Throws when the lines do not add up to the order's total: a wrong document is never sent. */
export function saleDocumentOf(order: OrderForDte, issuer: Issuer, invoice: InvoiceDetails | null) {
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
  const header = invoice
    ? {
        IdDoc: { TipoDTE: DTE.factura, Folio: 0, FchEmis: order.paidOn, MntBruto: 1, FmaPago: 1 },
        Emisor: emisorOf(issuer, 'factura'),
        Receptor: {
          RUTRecep: invoice.rut.replace(/\./g, ''),
          RznSocRecep: cut(invoice.name, 100),
          GiroRecep: cut(invoice.giro, 40),
          DirRecep: cut(invoice.address, 70),
          CmnaRecep: cut(invoice.comuna, 20),
        },
        Totales: { MntNeto: neto, TasaIVA: '19', IVA: iva, MntTotal: order.total },
      }
    : {
        IdDoc: { TipoDTE: DTE.boleta, Folio: 0, FchEmis: order.paidOn, IndServicio: 3 },
        Emisor: emisorOf(issuer, 'boleta'),
        Receptor: { RUTRecep: CONSUMER_RUT },
        Totales: { MntNeto: neto, IVA: iva, MntTotal: order.total },
      };
  const dte = {
    Encabezado: header,
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
  return { type: invoice ? DTE.factura : DTE.boleta, dte, amounts };
}
