import type { APIRoute } from 'astro';
import { parseId } from '@/lib/ids';
import { mercadoPagoWebhookSecret } from '@/lib/payments/accounts.server';
import { enqueueNotice } from '@/lib/payments/confirm.server';
import { mercadoPagoSigned } from '@/lib/payments/providers/mercadopago/mercadopago.server';
import { getDb } from '@/lib/server/db/client';
import { jsonError } from '@/lib/server/http/errors';
import { BODY_LIMITS, json, methodNotAllowed, readCapped } from '@/lib/server/http/json';

const REFUSED = 'Notificación no válida.';

/**
 * `POST /api/payments/mercadopago/notify/{seller}/?data.id=…&type=payment` (the preference's
 * `notification_url`): checked with the shop's webhook secret (`x-signature`, `x-request-id`),
 * answered at once, and the payment read from Mercado Pago by a job (`payment-notice`). A forged
 * signature, an unknown shop or a shop without Mercado Pago: the same 400. Other topics: 200.
 */
export const POST: APIRoute = async ({ request, params, url }) => {
  await readCapped(request, BODY_LIMITS.auth);
  const sellerId = parseId(params.seller);
  const dataId = url.searchParams.get('data.id') ?? '';
  const signature = request.headers.get('x-signature') ?? '';
  const requestId = request.headers.get('x-request-id') ?? '';
  if (sellerId === null || !/^[\x21-\x7e]{1,64}$/.test(dataId) || requestId.length > 200)
    return jsonError(400, REFUSED);
  const db = await getDb();
  const secret = await mercadoPagoWebhookSecret(db, sellerId);
  if (!secret || !mercadoPagoSigned(secret, dataId, requestId, signature))
    return jsonError(400, REFUSED);
  if (url.searchParams.get('type') === 'payment')
    await enqueueNotice(db, 'mercadopago', sellerId, dataId);
  return json({ received: true });
};

export const ALL = methodNotAllowed('POST');
