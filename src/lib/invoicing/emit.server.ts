/**
 * A paid order's tax document, on the durable queue: the payment enqueues `tax-document` in its
 * own transaction, and the job emits through the seller's provider outside any transaction. The
 * idempotency key (shop, order number, type) is what the provider sees, so a retried job or a
 * second payment never emits twice; the row says `pendiente` meanwhile, for the seller and buyer.
 * Once emitted, the buyer gets it by mail with its PDF (`mails.server.ts`).
 */
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import { chileDay } from '@/lib/dates';
import { accountRow, providerOf } from '@/lib/invoicing/account.server';
import { creditNoteOf } from '@/lib/invoicing/credit-note';
import { saleDocumentOf } from '@/lib/invoicing/sale-document';
import type { InvoiceDetails } from '@/lib/orders/schemas';
import { issuerMismatch } from '@/lib/invoicing/issuer';
import type { LegalEntity } from '@/lib/shop/legal-entity';
import { DTE, emittedLine, type Issuer, type DteAmounts, type DteType } from '@/lib/invoicing/dte';
import { TAX_DOCUMENT_EVENT } from '@/lib/orders/timeline.server';
import { documentTroubleMail, taxDocumentMail } from '@/lib/invoicing/mails.server';
import { taxDocumentWarnMs } from '@/lib/server/config';
import { InvoicingError, type InvoicingProvider } from '@/lib/invoicing/provider';
import type { OrderListener } from '@/lib/orders/events.server';
import { orderRef } from '@/lib/orders/events.server';
import { recordEvent } from '@/lib/orders/timeline.server';
import { saleOf, type Sale } from '@/lib/orders/sale.server';
import type { Db } from '@/lib/server/db/handle';
import { invoicingAccounts, taxDocuments } from '@/lib/server/db/schema';
import { enqueueMail } from '@/lib/server/mail/outbox';
import { enqueue, runSoon } from '@/lib/server/queue/queue';
import { PermanentJobError, type JobHandler } from '@/lib/server/queue/worker';

export const TAX_DOCUMENT_JOB = 'tax-document';

/** Enqueues the document of order `orderId`, in the transaction that marks it paid. */
export function enqueueTaxDocument(db: Db, orderId: number): Promise<void> {
  return enqueue(db, {
    kind: TAX_DOCUMENT_JOB,
    payload: { orderId },
    key: `tax-document:${orderId}`,
    ref: orderRef(orderId),
  });
}

/** Enqueues the nota de crédito of order `orderId`, in the transaction that cancels it after payment. */
export function enqueueCreditNote(db: Db, orderId: number): Promise<void> {
  return enqueue(db, {
    kind: CREDIT_NOTE_JOB,
    payload: { orderId },
    key: creditNoteKey(orderId),
    ref: orderRef(orderId),
  });
}

/**
 * The documents an order's moves require, queued in the move's transaction: the sale's once paid
 * (by a provider or marked by the seller), a nota de crédito when a paid order is cancelled.
 */
export const documentsOn: OrderListener = async (tx, event) => {
  if (event.type === 'paid') await enqueueTaxDocument(tx, event.row.id);
  else if (event.type === 'moved' && event.to === 'pagado')
    await enqueueTaxDocument(tx, event.before.id);
  // Cancelled after payment: its boleta, if one went out, is cancelled by a nota de crédito.
  else if (event.type === 'moved' && event.to === 'cancelado' && event.before.paidAt)
    await enqueueCreditNote(tx, event.before.id);
};

export const CREDIT_NOTE_JOB = 'credit-note';
const creditNoteKey = (orderId: number) => `credit-note:${orderId}`;

/**
 * The key of a job that waits for an order's sale document (a channel's upload, issue 66): queued
 * far ahead by the feature above, brought forward here the moment the document is emitted.
 */
export const afterDocumentKey = (orderId: number) => `after-document:${orderId}`;

/** What the provider sees: one document per shop, order and type, ever. */
export const idempotencyKeyOf = (sellerId: number, orderNumber: string, type: number) =>
  `impulsa-${sellerId}-${orderNumber}-${type}`;

/** The `tax-document` job. */
export const taxDocumentJob: JobHandler = async (handle, job) => {
  const { orderId } = job.payload as { orderId: number };
  const { db } = handle;
  const sale = await saleOf(db, orderId);
  if (!sale) throw new PermanentJobError(`order ${orderId} no longer exists`);
  const order = sale.row;
  // Never a document for an order not paid.
  if (!order.paidAt) return { skipped: 'not paid' };
  // Cancelled before its document went out. A try whose answer never came (a timeout) may have
  // emitted at the SII all the same: that row is asked again below under its key, and what the
  // provider answers is recorded, so the nota de crédito cancels it. Untried, or refused: nothing.
  const cancelled = order.status === 'cancelado';
  if (cancelled) {
    await db
      .delete(taxDocuments)
      .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.status, 'fallida')));
    const [tried] = await db
      .select({ id: taxDocuments.id })
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, orderId), ne(taxDocuments.dteType, DTE.notaCredito)));
    if (!tried) return { skipped: 'cancelled' };
  }
  const opened = providerOf(await accountRow(db, order.sellerId));
  // Without a provider the seller issues it at the SII (the order's page says what to type).
  if (!opened) return { skipped: 'no provider' };
  const items = sale.lines;
  const issuer = opened.issuer ?? (await opened.provider.organization());
  const paidOn = chileDay(order.paidAt);
  let built;
  try {
    built = saleDocumentOf({ ...order, items, paidOn }, issuer, invoiceOf(order));
  } catch (error) {
    throw new PermanentJobError(`order ${orderId}: ${(error as Error).message}`);
  }
  const recorded = await emitAndRecord(
    db,
    opened.provider,
    sale,
    { ...built, date: paidOn },
    {
      issuer,
      soldBy: soldByOf(order),
    },
  );
  // Found emitted after the cancel: its nota de crédito, waiting on it, may run now.
  if (cancelled) await runSoon(db, creditNoteKey(orderId));
  return recorded;
};

/** Who sold the order, as it was placed; null for one placed before the shop said so. */
const soldByOf = (order: OrderRow) => (order.soldBy as LegalEntity | null) ?? null;

type OrderRow = Sale['row'];

/** The business the buyer asked a factura for; null: a boleta. */
const invoiceOf = (order: OrderRow) => (order.invoice as InvoiceDetails | null) ?? null;

/**
 * Emits `built` for `order` once: its row first (so the seller sees «pendiente» while the provider
 * is away), then the provider, then in one transaction the folio and PDF, the timeline's line and
 * the buyer's copy by mail. Refused: `fallida`, not retried; anything else: retried by the queue.
 * Another taxpayer than the one who sold is refused before the provider is asked.
 */
async function emitAndRecord(
  db: Db,
  provider: InvoicingProvider,
  sale: Sale,
  built: { type: DteType; dte: object; amounts: DteAmounts; date: string },
  who: { issuer: Issuer; soldBy: LegalEntity | null },
): Promise<Record<string, unknown>> {
  const { row: order, shop } = sale;
  const orderId = order.id;
  const key = idempotencyKeyOf(order.sellerId, order.number, built.type);
  await db
    .insert(taxDocuments)
    .values({
      orderId,
      sellerId: order.sellerId,
      dteType: built.type,
      idempotencyKey: key,
      documentDate: built.date,
      ...built.amounts,
    })
    .onConflictDoNothing();
  const [doc] = await db.select().from(taxDocuments).where(eq(taxDocuments.idempotencyKey, key));
  if (doc!.status === 'emitida') return { folio: doc!.folio };
  try {
    const mismatch = issuerMismatch(who.soldBy, who.issuer);
    if (mismatch) throw new InvoicingError('refused', mismatch);
    const emitted = await provider.emit(built.dte, key);
    await db.transaction(async (tx) => {
      await tx
        .update(taxDocuments)
        .set({
          status: 'emitida',
          folio: emitted.folio,
          token: emitted.token,
          pdf: emitted.pdf,
          error: null,
          issuedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(taxDocuments.id, doc!.id));
      await recordEvent(tx, orderId, TAX_DOCUMENT_EVENT, emittedLine(built.type, emitted.folio));
      if (built.type !== DTE.notaCredito) await runSoon(tx, afterDocumentKey(orderId));
      // The buyer's copy, unless there is no address to send it to (a counter sale, a marketplace's
      // buyer, an address erased by a data request), or the sale was cancelled before its boleta
      // was found (its nota de crédito is what they get).
      const moot = order.status === 'cancelado' && built.type !== DTE.notaCredito;
      if (shop && order.buyerEmail && !order.buyerAnonymisedAt && !moot) {
        const mail = taxDocumentMail(sale.view, shop, { type: built.type, ...emitted });
        await enqueueMail(tx, mail, {
          ref: orderRef(orderId),
          key: `tax-document-mail:${doc!.id}`,
        });
      }
    });
    return { folio: emitted.folio };
  } catch (error) {
    if (!(error instanceof InvoicingError)) throw error;
    const refused = error.reason === 'refused';
    await db.transaction(async (tx) => {
      await tx
        .update(taxDocuments)
        .set({
          status: refused ? 'fallida' : 'pendiente',
          error: error.message,
          updatedAt: new Date(),
        })
        .where(eq(taxDocuments.id, doc!.id));
      if (refused || Date.now() - doc!.createdAt.getTime() >= taxDocumentWarnMs())
        await warnSellerOnce(tx, sale, doc!.id, built.type, error.message, refused);
    });
    // A refused document would be refused again; the rest waits for the provider or the key.
    if (refused) throw new PermanentJobError(error.message);
    throw error;
  }
}

/**
 * Tells the seller that document `docId` is in trouble, once: refused (never retried), or failing
 * for `TAX_DOCUMENT_WARN_HOURS`. A provider away for a day fails every document at once, so a
 * seller already told of another in the last day is not told again for this one.
 */
async function warnSellerOnce(
  tx: Db,
  { row: order, view, shop }: Sale,
  docId: number,
  type: DteType,
  reason: string,
  refused: boolean,
): Promise<void> {
  const now = new Date();
  const marked = await tx
    .update(taxDocuments)
    .set({ warnedAt: now })
    .where(and(eq(taxDocuments.id, docId), isNull(taxDocuments.warnedAt)))
    .returning({ id: taxDocuments.id });
  if (!marked.length) return;
  if (!refused) {
    // One at a time per seller (its account's row), so two failing at once see each other.
    await tx
      .select({ userId: invoicingAccounts.userId })
      .from(invoicingAccounts)
      .where(eq(invoicingAccounts.userId, order.sellerId))
      .for('update');
    const [told] = await tx
      .select({ id: taxDocuments.id })
      .from(taxDocuments)
      .where(
        and(
          eq(taxDocuments.sellerId, order.sellerId),
          ne(taxDocuments.id, docId),
          gt(taxDocuments.warnedAt, new Date(now.getTime() - taxDocumentWarnMs())),
        ),
      )
      .limit(1);
    if (told) return;
  }
  if (!shop) return;
  await enqueueMail(tx, documentTroubleMail(view, shop, { type, error: reason, refused }), {
    ref: orderRef(order.id),
    key: `tax-document-warning:${docId}`,
  });
}

/**
 * The `credit-note` job: a paid order was cancelled, so its emitted document is cancelled by a
 * nota de crédito for its whole total. A sale document still being emitted is waited for (the
 * queue tries again); none at all means there is nothing to cancel.
 */
export const creditNoteJob: JobHandler = async (handle, job) => {
  const { orderId } = job.payload as { orderId: number };
  const { db } = handle;
  const found = await saleOf(db, orderId);
  if (!found) throw new PermanentJobError(`order ${orderId} no longer exists`);
  const order = found.row;
  const [sale] = await db
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), ne(taxDocuments.dteType, DTE.notaCredito)))
    .orderBy(desc(taxDocuments.id))
    .limit(1);
  if (!sale) return { skipped: 'no document' };
  if (sale.status === 'pendiente')
    throw new Error(`the document of order ${orderId} is not emitted yet`);
  if (sale.status !== 'emitida') return { skipped: 'document not emitted' };
  const opened = providerOf(await accountRow(db, order.sellerId));
  // Emitted in the SII's own system: the seller takes it back there (the order's page says so).
  if (!opened && sale.byHand) return { skipped: 'emitted by hand' };
  if (!opened) throw new Error(`the seller of order ${orderId} has no invoicing account now`);
  const issuer = opened.issuer ?? (await opened.provider.organization());
  const today = chileDay();
  const built = creditNoteOf(
    {
      type: sale.dteType as DteType,
      folio: sale.folio!,
      issuedOn: sale.documentDate,
      neto: sale.neto,
      iva: sale.iva,
      exento: sale.exento,
      total: sale.total,
    },
    issuer,
    today,
    `Pedido ${order.number} cancelado`,
    invoiceOf(order),
  );
  return emitAndRecord(
    db,
    opened.provider,
    found,
    { ...built, date: today },
    {
      issuer,
      soldBy: soldByOf(order),
    },
  );
};
