import type { APIRoute } from 'astro';
import { anonymiseBuyer, parseBuyerQuery } from '@/lib/orders/data-requests.server';
import { getDb } from '@/lib/server/db/client';
import { requireShop } from '@/lib/team/shop.server';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';
import { z } from '@/lib/zod';

const body = z.object({ q: z.string().max(320) });

/**
 * `POST /api/store/data-requests/anonymise/` {q} → {anonymised}: the buyer's personal fields are
 * erased from my orders (erasure); amounts, lines and figures stay.
 */
export const POST: APIRoute = async ({ locals, request }) => {
  const user = requireShop(locals);
  const { q } = await readBody(request, body);
  return json({ anonymised: await anonymiseBuyer(await getDb(), user.id, parseBuyerQuery(q)) });
};

export const ALL = methodNotAllowed('POST');
