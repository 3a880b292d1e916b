import type { APIRoute } from 'astro';
import { sendCodeByMail } from '@/lib/customers/code-mail.server';
import { getDb } from '@/lib/server/db/client';
import { requireShop } from '@/lib/team/shop.server';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';
import { z } from '@/lib/zod';

const body = z.object({ discount: z.number().int().positive() });

/**
 * `POST /api/store/customers/{key}/code/` {discount} → 202 {sent: true, code, to}: the code goes to
 * the customer by mail (queued); 200 {sent: false} when it already went to them. A customer who
 * did not accept marketing, or a code that is not active, is a 409.
 */
export const POST: APIRoute = async ({ locals, params, request }) => {
  const user = requireShop(locals);
  const { discount } = await readBody(request, body);
  const result = await sendCodeByMail(await getDb(), user.id, params.key ?? '', discount);
  return json(result, { status: result.sent ? 202 : 200 });
};

export const ALL = methodNotAllowed('POST');
