import type { APIRoute } from 'astro';
import { parseNotice } from '@/lib/channels/mercadolibre/notice';
import { acceptOrderNotice } from '@/lib/channels/mercadolibre/notice-inbox.server';
import { mercadoLibreApp } from '@/lib/server/config';
import { getDb } from '@/lib/server/db/client';
import { jsonError } from '@/lib/server/http/errors';
import { BODY_LIMITS, json, methodNotAllowed, readCapped } from '@/lib/server/http/json';
import { log } from '@/lib/server/log';

const REFUSED = 'Notificación no válida.';

/**
 * `POST /api/channels/mercadolibre/notify/`: the application's callback URL. Mercado Libre wants a
 * 200 within 500 ms or it retries and, in the end, turns the topic off; so this only queues a read
 * of the order it names (`channel-order-import`, batched with the notices beside it), and a
 * notice for another application or topic is answered and left.
 */
export const POST: APIRoute = async ({ request }) => {
  const app = mercadoLibreApp();
  if (!app) return jsonError(503, 'Mercado Libre no está configurado.');
  const raw = await readCapped(request, BODY_LIMITS.auth);
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    return jsonError(400, REFUSED);
  }
  const notice = parseNotice(body);
  if (!notice) return jsonError(400, REFUSED);
  if (notice.applicationId !== app.clientId) {
    log.warn('mercado libre notice for another application', { app: notice.applicationId });
    return json({ received: true });
  }
  if (notice.orderId) await acceptOrderNotice(await getDb(), notice.userId, notice.orderId);
  return json({ received: true });
};

export const ALL = methodNotAllowed('POST');
