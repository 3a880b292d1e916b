import type { APIRoute } from 'astro';
import { recordRefundStatus } from '@/lib/payments/refund.server';
import { referenceOf } from '@/lib/payments/reference';
import { getDb } from '@/lib/server/db/client';
import { jsonError } from '@/lib/server/http/errors';
import { BODY_LIMITS, json, methodNotAllowed, readCapped } from '@/lib/server/http/json';

/**
 * `POST /api/payments/flow/refund/` (Flow's `urlCallBack` for a refund, server to server): a form
 * with the refund's `token`. Where the refund stands is asked of Flow, never read from the body.
 */
export const POST: APIRoute = async ({ request }) => {
  const form = new URLSearchParams((await readCapped(request, BODY_LIMITS.auth)).toString('utf8'));
  const token = referenceOf(form, 'token');
  const known = token ? await recordRefundStatus(await getDb(), 'flow', token) : false;
  if (!known) return jsonError(400, 'Notificación no válida.');
  return json({ received: true });
};

export const ALL = methodNotAllowed('POST');
