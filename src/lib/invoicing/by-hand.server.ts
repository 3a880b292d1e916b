/**
 * A seller without an invoicing provider emits each boleta in the SII's own free system: the
 * order's page shows what to type there (`sheetToShow`), and the folio the SII gave is recorded
 * here (`recordByHand`), so the order, the figures and the monthly declaration know it. A document
 * the provider is emitting is never recorded over; a refused one may be.
 */
import { and, eq, ne } from 'drizzle-orm';
import { chileDay } from '@/lib/dates';
import { DTE, DTE_LABELS, saleAmountsOf, type DteAmounts, type DteType } from '@/lib/invoicing/dte';
import { TAX_DOCUMENT_EVENT } from '@/lib/orders/timeline.server';
import { accountRow } from '@/lib/invoicing/account.server';
import { idempotencyKeyOf } from '@/lib/invoicing/emit.server';
import { saleTypeOf } from '@/lib/invoicing/sale-document';
import { ORDER_NOT_FOUND } from '@/lib/orders/book.server';
import type { InvoiceDetails } from '@/lib/orders/schemas';
import { saleLinesOf, saleOf, type Sale } from '@/lib/orders/sale.server';
import type { OrderView } from '@/lib/orders/view.server';
import type { OrderDocuments } from '@/lib/invoicing/documents.server';
import { formatRut } from '@/lib/rut';
import type { LegalEntity } from '@/lib/shop/legal-entity';
import { recordEvent } from '@/lib/orders/timeline.server';
import type { Db } from '@/lib/server/db/client';
import { taxDocuments } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';

/** What the seller types in the SII's system for a paid order. */
export interface SiiSheet extends DteAmounts {
  type: DteType;
  type_label: string;
  /** The day it was paid (`YYYY-MM-DD`): the document's date. */
  date: string;
  /** The business a factura goes to; null for a boleta. */
  invoice: InvoiceDetails | null;
  /** Who sold, and so issues it with their own RUT and clave; null: the shop did not say then. */
  issuer: { name: string; rut: string } | null;
}

/** The line the timeline shows for a document recorded by hand. */
export const recordedLine = (type: DteType, folio: number) =>
  `${DTE_LABELS[type]} N° ${folio} registrada (emitida en el SII)`;

/** What the sheet is read from: the order's amounts and when it was paid. */
interface PaidOrder {
  id: number;
  total: number;
  deliveryPrice: number;
  discountAmount: number;
  invoice: InvoiceDetails | null;
  paidAt: Date;
  soldBy: LegalEntity | null;
}

/** The sheet of a paid order from its lines (`saleOf`): amounts, type and the day it was paid. */
function sheetOf(order: PaidOrder, items: Sale['lines']): SiiSheet {
  const { exemptDiscount: _, ...amounts } = saleAmountsOf({ ...order, items });
  const type = saleTypeOf(amounts, order.invoice !== null);
  return {
    ...amounts,
    type,
    type_label: DTE_LABELS[type],
    date: chileDay(order.paidAt),
    invoice: order.invoice,
    issuer: order.soldBy && { name: order.soldBy.name, rut: formatRut(order.soldBy.rut) },
  };
}

/** Past this after payment, a document never started is not on its way (paid before connecting). */
const ON_ITS_WAY_MS = 60 * 60_000;

/**
 * The sheet the seller's order page shows: for a paid order whose document no provider is going
 * to emit (none connected, it refused it, or nothing started within the hour); else null.
 */
export async function sheetToShow(
  db: Db,
  sellerId: number,
  order: OrderView & OrderDocuments,
): Promise<SiiSheet | null> {
  const document = order.tax_document ?? null;
  if (!order.paid_at || order.status === 'cancelado') return null;
  if (document && document.status !== 'fallida') return null;
  const paidAt = new Date(order.paid_at);
  if (!document && Date.now() - paidAt.getTime() < ON_ITS_WAY_MS) {
    if (await accountRow(db, sellerId)) return null;
  }
  // The page read the order for its seller already: only its lines are missing.
  const lines = await saleLinesOf(db, order.id);
  return sheetOf(
    {
      id: order.id,
      total: order.total,
      deliveryPrice: order.delivery.price,
      discountAmount: order.discount?.amount ?? 0,
      invoice: order.invoice,
      paidAt,
      soldBy: order.sold_by,
    },
    lines,
  );
}

/**
 * Records the folio the SII gave the order's document. 404 for another seller's order; 409 when
 * it is not paid, is cancelled, already has its document, or the provider is emitting it now.
 */
export async function recordByHand(
  db: Db,
  sellerId: number,
  orderId: number,
  folio: number,
): Promise<{ type: DteType; folio: number }> {
  const sale = await saleOf(db, orderId, sellerId);
  if (!sale) throw new HttpError(404, ORDER_NOT_FOUND);
  const order = sale.row;
  if (!order.paidAt || order.status === 'cancelado')
    throw new HttpError(409, 'Solo una orden pagada y no cancelada lleva boleta.');
  const sheet = sheetOf(
    {
      ...order,
      invoice: (order.invoice as InvoiceDetails | null) ?? null,
      paidAt: order.paidAt,
      soldBy: (order.soldBy as LegalEntity | null) ?? null,
    },
    sale.lines,
  );
  const values = {
    status: 'emitida',
    folio,
    byHand: true,
    error: null,
    documentDate: chileDay(),
    neto: sheet.neto,
    iva: sheet.iva,
    exento: sheet.exento,
    total: sheet.total,
    issuedAt: new Date(),
    updatedAt: new Date(),
  };
  return db.transaction(async (tx) => {
    // The same key the provider's job would use: whichever writes first, the other sees it.
    const inserted = await tx
      .insert(taxDocuments)
      .values({
        ...values,
        orderId,
        sellerId,
        dteType: sheet.type,
        idempotencyKey: idempotencyKeyOf(sellerId, order.number, sheet.type),
      })
      .onConflictDoNothing()
      .returning({ id: taxDocuments.id });
    if (!inserted.length) {
      const [current] = await tx
        .select()
        .from(taxDocuments)
        .where(and(eq(taxDocuments.orderId, orderId), ne(taxDocuments.dteType, DTE.notaCredito)))
        .for('update');
      if (current?.status === 'emitida')
        throw new HttpError(
          409,
          `Esta orden ya tiene su ${DTE_LABELS[current.dteType as DteType].toLowerCase()} N° ${current.folio}.`,
        );
      if (current?.status === 'pendiente')
        throw new HttpError(
          409,
          'OpenFactura está emitiendo el documento de esta orden: espera a que termine.',
        );
      await tx.update(taxDocuments).set(values).where(eq(taxDocuments.id, current!.id));
    }
    await recordEvent(tx, orderId, TAX_DOCUMENT_EVENT, recordedLine(sheet.type, folio));
    return { type: sheet.type, folio };
  });
}
