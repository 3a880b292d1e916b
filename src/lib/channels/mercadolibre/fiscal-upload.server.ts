/**
 * A Mercado Libre sale's boleta goes to its pack (issue 66): `POST /packs/{pack}/fiscal_documents`,
 * multipart field `fiscal_document`, one PDF of at most 1 MB per pack. The `channel-document-upload`
 * job is queued with the import, due in an hour, and brought forward by the boleta's emission
 * (`afterDocumentKey`). It asks the pack first, so a retry after a lost answer or a crash never
 * uploads twice; a refusal is kept on the order for the seller, and retried by the queue.
 */
import { and, desc, eq, ne } from 'drizzle-orm';
import { accessTokenOf, ChannelUnavailable } from '@/lib/channels/mercadolibre/account.server';
import { MercadoLibreError, mlGet, mlPostForm } from '@/lib/channels/mercadolibre/oauth.server';
import { accountRow, providerOf } from '@/lib/invoicing/account.server';
import { DTE } from '@/lib/invoicing/dte';
import { afterDocumentKey } from '@/lib/invoicing/emit.server';
import { orderRef } from '@/lib/orders/events.server';
import type { Db } from '@/lib/server/db/client';
import { channelOrders, orders, taxDocuments } from '@/lib/server/db/schema';
import type { Tx } from '@/lib/server/db/versioned';
import { enqueue } from '@/lib/server/queue/queue';
import { PermanentJobError, type JobHandler } from '@/lib/server/queue/worker';

export const DOCUMENT_UPLOAD_JOB = 'channel-document-upload';

/** Mercado Libre's limit for a fiscal document. */
export const MAX_DOCUMENT_BYTES = 1024 * 1024;
/** How long the upload waits for a boleta that is not announced (a slow provider). */
const WAIT_MS = 60 * 60 * 1000;

/** Queued with the imported order, in its transaction. */
export async function enqueueDocumentUpload(tx: Db | Tx, orderId: number): Promise<void> {
  await enqueue(tx, {
    kind: DOCUMENT_UPLOAD_JOB,
    key: afterDocumentKey(orderId),
    ref: orderRef(orderId),
    payload: { orderId },
    runAt: new Date(Date.now() + WAIT_MS),
  });
}

/** The boleta still being emitted: the queue tries again later. */
class DocumentNotYet extends Error {}

export const channelDocumentUploadJob: JobHandler = async ({ db }, job) => {
  const orderId = Number(job.payload.orderId);
  const [row] = await db
    .select({ channel: channelOrders, sellerId: orders.sellerId })
    .from(channelOrders)
    .innerJoin(orders, eq(orders.id, channelOrders.orderId))
    .where(eq(channelOrders.orderId, orderId));
  if (!row) throw new PermanentJobError(`channel order ${orderId} no longer exists`);
  if (row.channel.documentUploadedAt) return { skipped: 'uploaded' };
  const [doc] = await db
    .select({ pdf: taxDocuments.pdf, folio: taxDocuments.folio })
    .from(taxDocuments)
    .where(
      and(
        eq(taxDocuments.orderId, orderId),
        eq(taxDocuments.status, 'emitida'),
        ne(taxDocuments.dteType, DTE.notaCredito),
      ),
    )
    .orderBy(desc(taxDocuments.id))
    .limit(1);
  if (!doc?.pdf) {
    // Without a provider the seller issues it at the SII and uploads it herself.
    if (!providerOf(await accountRow(db, row.sellerId))) return { skipped: 'no provider' };
    throw new DocumentNotYet(`order ${orderId}: its boleta is not emitted yet`);
  }
  const pdf = Buffer.from(doc.pdf);
  if (pdf.length > MAX_DOCUMENT_BYTES) {
    await keepProblem(db, orderId, 'la boleta pesa más de 1 MB; súbela a mano en Mercado Libre');
    throw new PermanentJobError(`order ${orderId}: boleta of ${pdf.length} bytes`);
  }
  try {
    const token = await accessTokenOf(db, row.sellerId);
    const path = `/packs/${encodeURIComponent(row.channel.packId)}/fiscal_documents`;
    // Uploaded by a run whose answer was lost: the pack says so.
    const listed = await mlGet(token, path);
    if (!documentsIn(listed).length) {
      const form = new FormData();
      const blob = new Blob([new Uint8Array(pdf)], { type: 'application/pdf' });
      form.append('fiscal_document', blob, `boleta-${doc.folio ?? orderId}.pdf`);
      await mlPostForm(token, path, form);
    }
  } catch (error) {
    await keepProblem(db, orderId, problemOf(error));
    if (error instanceof ChannelUnavailable) throw new PermanentJobError(String(error));
    if (error instanceof MercadoLibreError && (error.status === 403 || error.status === 404))
      throw new PermanentJobError(error.message);
    throw error;
  }
  await db
    .update(channelOrders)
    .set({ documentUploadedAt: new Date(), documentError: null })
    .where(eq(channelOrders.orderId, orderId));
  return { uploaded: doc.folio };
};

/** The ids a pack's `GET …/fiscal_documents` lists. */
function documentsIn(listed: Record<string, unknown>): unknown[] {
  const docs = listed.fiscal_documents ?? listed.ids;
  return Array.isArray(docs) ? docs : [];
}

/** Why the upload failed, as the seller reads it on the order. */
function problemOf(error: unknown): string {
  if (error instanceof ChannelUnavailable) return 'tu cuenta de Mercado Libre está desconectada';
  if (error instanceof MercadoLibreError && error.status < 500 && error.status !== 429)
    return 'Mercado Libre no la aceptó';
  return 'Mercado Libre no respondió; lo intentaremos de nuevo';
}

async function keepProblem(db: Db, orderId: number, problem: string): Promise<void> {
  await db
    .update(channelOrders)
    .set({ documentError: problem })
    .where(eq(channelOrders.orderId, orderId));
}

/** What the order's page says of the upload; null: not a channel's order. */
export interface ChannelOrderView {
  channel: string;
  external_id: string;
  pack_id: string;
  buyer_nickname: string | null;
  short: boolean;
  document_uploaded_at: string | null;
  document_error: string | null;
}

export async function channelOrderOf(db: Db, orderId: number): Promise<ChannelOrderView | null> {
  const [row] = await db.select().from(channelOrders).where(eq(channelOrders.orderId, orderId));
  if (!row) return null;
  return {
    channel: row.channel,
    external_id: row.externalId,
    pack_id: row.packId,
    buyer_nickname: row.buyerNickname,
    short: row.short,
    document_uploaded_at: row.documentUploadedAt?.toISOString() ?? null,
    document_error: row.documentError,
  };
}
