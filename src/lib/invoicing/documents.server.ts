/**
 * An order's tax document as people read it: the API's `tax_document`, the seller's order page,
 * the buyer's receipt; and its PDF, served from our side (the seller by session, the buyer by the
 * order's token) so neither needs an account with the provider.
 */
import { and, desc, eq, ne } from 'drizzle-orm';
import { DTE, DTE_LABELS, type DteType } from '@/lib/invoicing/dte';
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

/** The sale's document (not a nota de crédito), the latest if several. */
async function saleDocument(db: Db, orderId: number): Promise<Row | undefined> {
  return (
    await db
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, orderId), ne(taxDocuments.dteType, DTE.notaCredito)))
      .orderBy(desc(taxDocuments.id))
      .limit(1)
  )[0];
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
): Promise<{ bytes: Uint8Array; filename: string } | null> {
  const row = await saleDocument(db, orderId);
  if (!row?.pdf || row.status !== 'emitida') return null;
  const kind =
    row.dteType === DTE.factura || row.dteType === DTE.facturaExenta ? 'factura' : 'boleta';
  return { bytes: row.pdf, filename: `${kind}-${row.folio}.pdf` };
}
