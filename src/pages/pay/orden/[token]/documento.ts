import type { APIRoute } from 'astro';
import { documentKindOf, taxDocumentPdf } from '@/lib/invoicing/documents.server';
import { orderIdByReceipt } from '@/lib/orders/view.server';
import { getDb } from '@/lib/server/db/client';
import { HttpError } from '@/lib/server/http/errors';
import { methodNotAllowed } from '@/lib/server/http/json';
import { pdfResponse } from '@/lib/server/http/pdf';

/**
 * `GET /pay/orden/{token}/documento[?documento=nota-de-credito]` → the buyer's boleta or factura
 * (or its nota de crédito) as PDF, by the receipt's token.
 */
export const GET: APIRoute = async ({ params, url }) => {
  const db = await getDb();
  const orderId = await orderIdByReceipt(db, params.token ?? '');
  const kind = documentKindOf(url.searchParams.get('documento'));
  const pdf = orderId === null ? null : await taxDocumentPdf(db, orderId, kind);
  if (!pdf) throw new HttpError(404, 'Este pedido aún no tiene su boleta emitida.');
  return pdfResponse(pdf, { immutable: true });
};

export const ALL = methodNotAllowed('GET');
