import type { APIRoute } from 'astro';
import { parseId } from '@/lib/ids';
import { getDb } from '@/lib/server/db/client';
import { requireShop } from '@/lib/team/shop.server';
import { HttpError } from '@/lib/server/http/errors';
import { methodNotAllowed } from '@/lib/server/http/json';
import { pdfResponse } from '@/lib/server/http/pdf';
import { labelsOf, MAX_LABELS } from '@/lib/shipping/shipments.server';

/**
 * `GET /api/orders/etiquetas/?orden=1&orden=2…` → the labels of those orders in one PDF, in that
 * order; orders without a label (or another seller's) are left out, named in `X-Sin-Etiqueta`.
 */
export const GET: APIRoute = async ({ locals, url }) => {
  const ids = [...new Set(url.searchParams.getAll('orden').map((v) => parseId(v)))];
  if (ids.length === 0 || ids.includes(null))
    throw new HttpError(400, 'Elige al menos una orden con etiqueta.');
  if (ids.length > MAX_LABELS)
    throw new HttpError(400, `Puedes descargar como máximo ${MAX_LABELS} etiquetas a la vez.`);
  const { pdf, missing } = await labelsOf(await getDb(), requireShop(locals).id, ids as number[]);
  if (!pdf) throw new HttpError(404, 'Esas órdenes aún no tienen etiqueta.');
  const response = pdfResponse({ bytes: pdf, filename: 'etiquetas.pdf' }, { attachment: true });
  if (missing.length) response.headers.set('X-Sin-Etiqueta', missing.join(','));
  return response;
};

export const ALL = methodNotAllowed('GET');
