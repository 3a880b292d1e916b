import type { APIRoute } from 'astro';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';
import {
  courierParam,
  getShippingAccount,
  removeShippingAccount,
  saveShippingAccount,
} from '@/lib/shipping/accounts.server';
import { SHIPPING_ACCOUNT_SCHEMAS, shippingAccountRemoveSchema } from '@/lib/shipping/schemas';

/**
 * `/api/store/shipping/{shipit|starken|chilexpress}/`: `GET` → the account without its keys;
 * `PUT` (Shipit `{email, token?}`, Starken `{agency?, token?}`, Chilexpress `{rating_key?,
 * coverage_key?}`, each with `version`) → saved and checked with the courier at once;
 * `DELETE {version}` → disconnected. Another name is a 404.
 */
export const GET: APIRoute = async ({ locals, params }) => {
  const user = requireUser(locals);
  return json(await getShippingAccount(await getDb(), user.id, courierParam(params.provider)));
};

export const PUT: APIRoute = async ({ locals, params, request }) => {
  const user = requireUser(locals);
  const provider = courierParam(params.provider);
  const input = await readBody(request, SHIPPING_ACCOUNT_SCHEMAS[provider]);
  return json(await saveShippingAccount(await getDb(), user.id, provider, input));
};

export const DELETE: APIRoute = async ({ locals, params, request }) => {
  const user = requireUser(locals);
  const provider = courierParam(params.provider);
  const { version } = await readBody(request, shippingAccountRemoveSchema);
  return json(await removeShippingAccount(await getDb(), user.id, provider, version));
};

export const ALL = methodNotAllowed('GET', 'PUT', 'DELETE');
