import type { APIRoute } from 'astro';
import {
  getPaymentAccount,
  removePaymentAccount,
  savePaymentAccount,
} from '@/lib/orders/providers/accounts.server';
import { flowAccountSchema, paymentAccountRemoveSchema } from '@/lib/orders/providers/schemas';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';

/** `GET /api/store/payments/flow/` → {configured, api_key, secret_key_hint, environment, check, version}; never the secret. */
export const GET: APIRoute = async ({ locals }) =>
  json(await getPaymentAccount(await getDb(), requireUser(locals).id, 'flow'));

/** `PUT …` {api_key, secret_key?, environment, version} → the account, checked with Flow at once. */
export const PUT: APIRoute = async ({ locals, request }) => {
  const user = requireUser(locals);
  const input = await readBody(request, flowAccountSchema);
  return json(await savePaymentAccount(await getDb(), user.id, 'flow', input));
};

/** `DELETE …` {version} → no account: Flow stops being offered at checkout. */
export const DELETE: APIRoute = async ({ locals, request }) => {
  const user = requireUser(locals);
  const { version } = await readBody(request, paymentAccountRemoveSchema);
  return json(await removePaymentAccount(await getDb(), user.id, 'flow', version));
};

export const ALL = methodNotAllowed('GET', 'PUT', 'DELETE');
