import type { APIRoute } from 'astro';
import { optOutCustomer } from '@/lib/customers/opt-out.server';
import { getDb } from '@/lib/server/db/client';
import { requireShop } from '@/lib/team/shop.server';
import { json, methodNotAllowed } from '@/lib/server/http/json';

/**
 * `POST /api/store/customers/{key}/opt-out/` → 200 {email, opted_out_at}: the customer gets no
 * more publicity from the shop (codes, recovery mails) until a later order ticks the consent.
 * Repeating it moves the moment; anyone else's customer is a 404.
 */
export const POST: APIRoute = async ({ locals, params }) => {
  const user = requireShop(locals);
  return json(await optOutCustomer(await getDb(), user.id, params.key ?? ''));
};

export const ALL = methodNotAllowed('POST');
