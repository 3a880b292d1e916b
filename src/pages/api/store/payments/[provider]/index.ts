import type { APIRoute } from 'astro';
import {
  getPaymentAccount,
  removePaymentAccount,
  savePaymentAccount,
} from '@/lib/payments/accounts.server';
import { providerParam } from '@/lib/payments/provider';
import {
  flowAccountSchema,
  mercadoPagoAccountSchema,
  paymentAccountRemoveSchema,
} from '@/lib/payments/schemas';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';

/**
 * `/api/store/payments/{flow|mercadopago}/` (Webpay has its own route beside it). `GET` → the
 * account without its secrets; `PUT` → saved and checked with the provider at once (Flow:
 * `{api_key, secret_key?, environment, version}`; Mercado Pago: `{access_token?, webhook_secret?,
 * version}`); `DELETE {version}` → disconnected. Another name is a 404.
 */
export const GET: APIRoute = async ({ locals, params }) => {
  const user = requireUser(locals);
  return json(await getPaymentAccount(await getDb(), user.id, providerParam(params.provider)));
};

export const PUT: APIRoute = async ({ locals, params, request }) => {
  const user = requireUser(locals);
  const provider = providerParam(params.provider);
  const input =
    provider === 'flow'
      ? await readBody(request, flowAccountSchema)
      : await readBody(request, mercadoPagoAccountSchema);
  return json(await savePaymentAccount(await getDb(), user.id, provider, input));
};

export const DELETE: APIRoute = async ({ locals, params, request }) => {
  const user = requireUser(locals);
  const provider = providerParam(params.provider);
  const { version } = await readBody(request, paymentAccountRemoveSchema);
  return json(await removePaymentAccount(await getDb(), user.id, provider, version));
};

export const ALL = methodNotAllowed('GET', 'PUT', 'DELETE');
