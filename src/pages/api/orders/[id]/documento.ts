import type { APIRoute } from 'astro';
import { taxDocumentPdf } from '@/lib/invoicing/documents.server';
import { getOrder, ORDER_NOT_FOUND } from '@/lib/orders/book.server';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { HttpError } from '@/lib/server/http/errors';
import { methodNotAllowed } from '@/lib/server/http/json';
import { idParam } from '@/lib/server/http/params';
import { pdfResponse } from '@/lib/server/http/pdf';

/** `GET /api/orders/{id}/documento/` → the order's boleta or factura as PDF; 404 for another seller's or none yet. */
export const GET: APIRoute = async ({ locals, params }) => {
  const db = await getDb();
  const order = await getOrder(db, requireUser(locals).id, idParam(params.id, ORDER_NOT_FOUND));
  const pdf = await taxDocumentPdf(db, order.id);
  if (!pdf) throw new HttpError(404, 'Esta orden aún no tiene su documento emitido.');
  return pdfResponse(pdf, { immutable: true });
};

export const ALL = methodNotAllowed('GET');
