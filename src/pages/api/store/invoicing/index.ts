import type { APIRoute } from 'astro';
import {
  getInvoicingAccount,
  removeInvoicingAccount,
  saveInvoicingAccount,
} from '@/lib/invoicing/account.server';
import { invoicingAccountSchema, invoicingRemoveSchema } from '@/lib/invoicing/schemas';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';

/**
 * `GET /api/store/invoicing/` → {configured, provider, environment, api_key_hint, issuer, check,
 * version}; never the key.
 */
export const GET: APIRoute = async ({ locals }) =>
  json(await getInvoicingAccount(await getDb(), requireUser(locals).id));

/**
 * `PUT …` {provider: 'openfactura', api_key?, environment: demo | production, version} → the
 * account, asked at once.
 */
export const PUT: APIRoute = async ({ locals, request }) => {
  const user = requireUser(locals);
  const input = await readBody(request, invoicingAccountSchema);
  return json(await saveInvoicingAccount(await getDb(), user.id, input));
};

/** `DELETE …` {version} → no account: paid orders get no document until another is connected. */
export const DELETE: APIRoute = async ({ locals, request }) => {
  const user = requireUser(locals);
  const { version } = await readBody(request, invoicingRemoveSchema);
  return json(await removeInvoicingAccount(await getDb(), user.id, version));
};

export const ALL = methodNotAllowed('GET', 'PUT', 'DELETE');
