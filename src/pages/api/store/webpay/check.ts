import type { APIRoute } from 'astro';
import {
  checkStoredWebpayAccount,
  WEBPAY_CHECK_MESSAGES,
} from '@/lib/payments/providers/webpay/account.server';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { json, methodNotAllowed } from '@/lib/server/http/json';

/**
 * `POST /api/store/webpay/check/` → {result: ok | rejected | unreachable, title, description}:
 * whether Webpay accepts the stored account. Creates no transaction.
 */
export const POST: APIRoute = async ({ locals }) => {
  const result = await checkStoredWebpayAccount(await getDb(), requireUser(locals).id);
  return json({ result, ...WEBPAY_CHECK_MESSAGES[result] });
};

export const ALL = methodNotAllowed('POST');
