import type { APIRoute } from 'astro';
import { ORDER_NOT_FOUND } from '@/lib/orders/book.server';
import { getDb } from '@/lib/server/db/client';
import { requireShop } from '@/lib/team/shop.server';
import { HttpError } from '@/lib/server/http/errors';
import { methodNotAllowed } from '@/lib/server/http/json';
import { idParam } from '@/lib/server/http/params';
import { pdfResponse } from '@/lib/server/http/pdf';
import { labelsOf } from '@/lib/shipping/shipments.server';

/** `GET /api/orders/{id}/etiqueta/` → the shipment's label (PDF); 404 for another's or none yet. */
export const GET: APIRoute = async ({ locals, params }) => {
  const id = idParam(params.id, ORDER_NOT_FOUND);
  const { pdf } = await labelsOf(await getDb(), requireShop(locals).id, [id]);
  if (!pdf) throw new HttpError(404, 'Esta orden aún no tiene etiqueta.');
  return pdfResponse({ bytes: pdf, filename: `etiqueta-${id}.pdf` });
};

export const ALL = methodNotAllowed('GET');
