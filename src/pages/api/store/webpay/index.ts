import type { APIRoute } from 'astro';
import { webpayAccountSchema, webpayRemoveSchema } from '@/lib/orders/schemas';
import {
  getWebpayAccount,
  removeWebpayAccount,
  saveWebpayAccount,
} from '@/lib/payments/providers/webpay/account.server';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';

/** `GET /api/store/webpay/` → {configured, commerce_code, api_key_hint, environment, version}; never the key. */
export const GET: APIRoute = async ({ locals }) =>
  json(await getWebpayAccount(await getDb(), requireUser(locals).id));

/** `PUT …` {commerce_code, api_key?, environment, version} → the account (an empty key keeps the stored one). */
export const PUT: APIRoute = async ({ locals, request }) => {
  const user = requireUser(locals);
  const input = await readBody(request, webpayAccountSchema);
  return json(await saveWebpayAccount(await getDb(), user.id, input));
};

/** `DELETE …` {version} → the store without a Webpay account: card payments stop being offered. */
export const DELETE: APIRoute = async ({ locals, request }) => {
  const user = requireUser(locals);
  const { version } = await readBody(request, webpayRemoveSchema);
  return json(await removeWebpayAccount(await getDb(), user.id, version));
};

export const ALL = methodNotAllowed('GET', 'PUT', 'DELETE');
