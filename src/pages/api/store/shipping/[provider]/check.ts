import type { APIRoute } from 'astro';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { json, methodNotAllowed } from '@/lib/server/http/json';
import {
  checkShippingAccount,
  courierParam,
  shippingCheckMessages,
} from '@/lib/shipping/accounts.server';

/**
 * `POST /api/store/shipping/{shipit|starken|chilexpress}/check/` → {result: ok | rejected |
 * unreachable, title, description}.
 */
export const POST: APIRoute = async ({ locals, params }) => {
  const user = requireUser(locals);
  const provider = courierParam(params.provider);
  const result = await checkShippingAccount(await getDb(), user.id, provider);
  return json({ result, ...shippingCheckMessages(provider)[result] });
};

export const ALL = methodNotAllowed('POST');
