import type { APIRoute } from 'astro';
import { parseId } from '@/lib/ids';
import { getDb } from '@/lib/server/db/client';
import { jsonError } from '@/lib/server/http/errors';
import { BODY_LIMITS, json, methodNotAllowed, readCapped } from '@/lib/server/http/json';
import { enqueueShipmentNotice } from '@/lib/shipping/shipment-jobs.server';

const REFUSED = 'Notificación no válida.';

/**
 * `POST|PUT /api/shipping/shipit/notify/{seller}/`: the URL a seller sets in her Shipit account.
 * Shipit posts when a package is created and puts when it moves (`{id, reference, status, …}`),
 * unsigned: answered at once, and the shipment read back with the seller's token by a job
 * (`shipment-notice`), so a forged or replayed notice changes nothing.
 */
const notify: APIRoute = async ({ request, params }) => {
  const sellerId = parseId(params.seller);
  const raw = await readCapped(request, BODY_LIMITS.auth);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    return jsonError(400, REFUSED);
  }
  // `null`, a number or a list is JSON too, and names no shipment.
  if (!parsed || typeof parsed !== 'object') return jsonError(400, REFUSED);
  const body = parsed as Record<string, unknown>;
  const id = typeof body.id === 'number' || typeof body.id === 'string' ? String(body.id) : '';
  const reference = typeof body.reference === 'string' ? body.reference.slice(0, 15) : null;
  if (sellerId === null || !/^\d{1,18}$/.test(id)) return jsonError(400, REFUSED);
  await enqueueShipmentNotice(await getDb(), sellerId, id, reference);
  return json({ received: true });
};

export const POST = notify;
export const PUT = notify;
export const ALL = methodNotAllowed('POST', 'PUT');
