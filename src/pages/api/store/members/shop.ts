import type { APIRoute } from 'astro';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { HttpError } from '@/lib/server/http/errors';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';
import { switchShop } from '@/lib/team/members.server';
import { switchSchema } from '@/lib/team/schemas';

/**
 * `POST /api/store/members/shop/` `{shop: id | null}`: this credential works in the shop the person
 * is a member of, or (null) in their own. Another shop is a 404.
 */
export const POST: APIRoute = async ({ locals, request }) => {
  const user = requireUser(locals);
  const { shop } = await readBody(request, switchSchema);
  if (!locals.auth) throw new HttpError(401, 'Debes iniciar sesión para continuar.');
  await switchShop(await getDb(), user.id, locals.auth.token, shop);
  return json({ shop: shop ?? user.id });
};

export const ALL = methodNotAllowed('POST');
