/**
 * An order's tax document as people read it: the API's `tax_document`, the seller's order page,
 * the buyer's receipt; and its PDF, served from our side (the seller by session, the buyer by the
 * order's token) so neither needs an account with the provider.
 */
import { and, desc, eq, ne } from 'drizzle-orm';
import { DTE, DTE_LABELS, DTE_NAMES, type DteType } from '@/lib/invoicing/dte';
import { INVOICING_PATHS } from '@/lib/invoicing/urls';
import type { OrderRow } from '@/lib/orders/view.server';
import type { Db } from '@/lib/server/db/client';
import { taxDocuments } from '@/lib/server/db/schema';

export type TaxDocumentStatus = 'pendiente' | 'emitida' | 'fallida';

export interface TaxDocumentView {
  type: DteType;
  type_label: string;
  folio: number | null;
  status: TaxDocumentStatus;
  /** Why it is not emitted yet, in the provider's words (the seller's page only). */
  error: string | null;
  /** Where its PDF is, once emitted. */
  pdf_url: string | null;
  issued_at: string | null;
  /** Emitted by the seller in the SII's own system and recorded by its folio: no PDF here. */
  by_hand: boolean;
}

type Row = typeof taxDocuments.$inferSelect;

function toView(row: Row, pdfUrl: string): TaxDocumentView {
  const type = row.dteType as DteType;
  return {
    type,
    type_label: DTE_LABELS[type],
    folio: row.folio,
    status: row.status as TaxDocumentStatus,
    error: row.error,
    pdf_url: row.status === 'emitida' && row.pdf ? pdfUrl : null,
    issued_at: row.issuedAt?.toISOString() ?? null,
    by_hand: row.byHand,
  };
}

/** Which of an order's documents: the sale's (boleta or factura), or the nota de crédito. */
export type DocumentKind = 'venta' | 'nota-de-credito';

/** The order's document of `kind`, the latest if several. */
async function saleDocument(
  db: Db,
  orderId: number,
  kind: DocumentKind = 'venta',
): Promise<Row | undefined> {
  const type =
    kind === 'venta'
      ? ne(taxDocuments.dteType, DTE.notaCredito)
      : eq(taxDocuments.dteType, DTE.notaCredito);
  return (
    await db
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, orderId), type))
      .orderBy(desc(taxDocuments.id))
      .limit(1)
  )[0];
}

/** The kind a PDF route's `?documento=` names; anything else is the sale's. */
export const documentKindOf = (value: string | null): DocumentKind =>
  value === 'nota-de-credito' ? 'nota-de-credito' : 'venta';

/** The order's nota de crédito as its pages show it; null when none was started. */
export async function creditNoteOf(
  db: Db,
  orderId: number,
  pdfUrl: string,
): Promise<TaxDocumentView | null> {
  const row = await saleDocument(db, orderId, 'nota-de-credito');
  return row ? toView(row, `${pdfUrl}?documento=nota-de-credito`) : null;
}

/** The order's document as its page and the API show it; null when none was started. */
export async function taxDocumentOf(
  db: Db,
  orderId: number,
  pdfUrl: string,
): Promise<TaxDocumentView | null> {
  const row = await saleDocument(db, orderId);
  return row ? toView(row, pdfUrl) : null;
}

/** The PDF of the order's document and its file name; null when there is none (yet). */
export async function taxDocumentPdf(
  db: Db,
  orderId: number,
  kind: DocumentKind = 'venta',
): Promise<{ bytes: Uint8Array; filename: string } | null> {
  const row = await saleDocument(db, orderId, kind);
  if (!row?.pdf || row.status !== 'emitida') return null;
  return { bytes: row.pdf, filename: `${DTE_NAMES[row.dteType as DteType].file}-${row.folio}.pdf` };
}

/** An order's documents as its detail shows them (`GET /api/orders/{id}/`, the receipt). */
export interface OrderDocuments {
  /** Its boleta or factura; null when none was started. */
  tax_document: TaxDocumentView | null;
  /** The nota de crédito that cancelled it; null when none was started. */
  credit_note: TaxDocumentView | null;
}

/** The seller's view of an order's documents, PDFs behind her session (the order book's detail). */
export async function sellerDocuments(db: Db, row: Pick<OrderRow, 'id'>): Promise<OrderDocuments> {
  const pdf = INVOICING_PATHS.sellerPdf(row.id);
  return {
    tax_document: await taxDocumentOf(db, row.id, pdf),
    credit_note: await creditNoteOf(db, row.id, pdf),
  };
}

/** The buyer's view: PDFs behind the receipt's token, and never the provider's refusal. */
export async function buyerDocuments(
  db: Db,
  row: Pick<OrderRow, 'id' | 'receiptToken'>,
): Promise<OrderDocuments> {
  const pdf = INVOICING_PATHS.buyerPdf(row.receiptToken);
  const document = await taxDocumentOf(db, row.id, pdf);
  const credit = await creditNoteOf(db, row.id, pdf);
  return {
    tax_document: document && { ...document, error: null },
    credit_note: credit && { ...credit, error: null },
  };
}
