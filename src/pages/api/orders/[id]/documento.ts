import type { APIRoute } from 'astro';
import { recordByHand } from '@/lib/invoicing/by-hand.server';
import { documentKindOf, sellerDocuments, taxDocumentPdf } from '@/lib/invoicing/documents.server';
import { noExtras } from '@/lib/orders/view.server';
import { recordFolioSchema } from '@/lib/invoicing/schemas';
import { getOrder, ORDER_NOT_FOUND } from '@/lib/orders/book.server';
import { getDb } from '@/lib/server/db/client';
import { requireShop } from '@/lib/team/shop.server';
import { HttpError } from '@/lib/server/http/errors';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';
import { idParam } from '@/lib/server/http/params';
import { pdfResponse } from '@/lib/server/http/pdf';

/**
 * `GET /api/orders/{id}/documento/[?documento=nota-de-credito]` → the order's boleta or factura
 * (or its nota de crédito) as PDF; 404 for another seller's or none yet.
 */
export const GET: APIRoute = async ({ locals, params, url }) => {
  const db = await getDb();
  const order = await getOrder(
    db,
    requireShop(locals).id,
    idParam(params.id, ORDER_NOT_FOUND),
    noExtras,
  );
  const kind = documentKindOf(url.searchParams.get('documento'));
  const pdf = await taxDocumentPdf(db, order.id, kind);
  if (!pdf) throw new HttpError(404, 'Esta orden aún no tiene su documento emitido.');
  return pdfResponse(pdf, { immutable: true });
};

/**
 * `POST …` {folio} → 201 the order's `tax_document`: a document the seller emitted in the SII's own
 * system. 409 when the order is not paid, is cancelled, or already has (or is getting) its document.
 */
export const POST: APIRoute = async ({ locals, params, request }) => {
  const db = await getDb();
  const sellerId = requireShop(locals).id;
  const id = idParam(params.id, ORDER_NOT_FOUND);
  const { folio } = await readBody(request, recordFolioSchema);
  await recordByHand(db, sellerId, id, folio);
  return json((await getOrder(db, sellerId, id, sellerDocuments)).tax_document, { status: 201 });
};

export const ALL = methodNotAllowed('GET', 'POST');
