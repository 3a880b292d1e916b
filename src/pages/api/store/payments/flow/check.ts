import type { APIRoute } from 'astro';
import {
  checkPaymentAccount,
  PAYMENT_CHECK_MESSAGES,
} from '@/lib/orders/providers/accounts.server';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { json, methodNotAllowed } from '@/lib/server/http/json';

/** `POST /api/store/payments/flow/check/` → {result: ok | rejected | unreachable, title, description}. */
export const POST: APIRoute = async ({ locals }) => {
  const result = await checkPaymentAccount(await getDb(), requireUser(locals).id, 'flow');
  return json({ result, ...PAYMENT_CHECK_MESSAGES[result] });
};

export const ALL = methodNotAllowed('POST');
