import type { APIRoute } from 'astro';
import { enqueueConfirmation, orderByReference } from '@/lib/payments/confirm.server';
import { referenceOf } from '@/lib/payments/reference';
import { getDb } from '@/lib/server/db/client';
import { jsonError } from '@/lib/server/http/errors';
import { BODY_LIMITS, json, methodNotAllowed, readCapped } from '@/lib/server/http/json';

/**
 * `POST /api/payments/flow/notify/` (Flow's `urlConfirmation`, server to server): a form with
 * `token`. Answered at once; the payment is asked of Flow by a job (`payment-confirm`), so this
 * body decides nothing. A token Flow never gave us is a 400 that says no more than a malformed one.
 */
export const POST: APIRoute = async ({ request }) => {
  const form = new URLSearchParams((await readCapped(request, BODY_LIMITS.auth)).toString('utf8'));
  const token = referenceOf(form, 'token');
  const db = await getDb();
  const row = token ? await orderByReference(db, 'flow', token) : null;
  if (!row) return jsonError(400, 'Notificación no válida.');
  await enqueueConfirmation(db, row);
  return json({ received: true });
};

export const ALL = methodNotAllowed('POST');
