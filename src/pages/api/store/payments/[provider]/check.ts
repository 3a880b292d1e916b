import type { APIRoute } from 'astro';
import { checkPaymentAccount, paymentCheckMessages } from '@/lib/payments/accounts.server';
import { providerParam } from '@/lib/payments/provider';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { json, methodNotAllowed } from '@/lib/server/http/json';

/** `POST /api/store/payments/{flow|mercadopago}/check/` → {result: ok | rejected | unreachable, title, description}. */
export const POST: APIRoute = async ({ locals, params }) => {
  const user = requireUser(locals);
  const provider = providerParam(params.provider);
  const result = await checkPaymentAccount(await getDb(), user.id, provider);
  return json({ result, ...paymentCheckMessages(provider)[result] });
};

export const ALL = methodNotAllowed('POST');
