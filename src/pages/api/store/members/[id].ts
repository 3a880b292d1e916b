import type { APIRoute } from 'astro';
import { getDb } from '@/lib/server/db/client';
import { requireShop } from '@/lib/team/shop.server';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';
import { idParam } from '@/lib/server/http/params';
import { changeMember, MEMBER_NOT_FOUND, removeMember } from '@/lib/team/members.server';
import { memberChangeSchema } from '@/lib/team/schemas';

/** `PATCH /api/store/members/{id}/` `{role, permissions, version}`: in effect on their next request. */
export const PATCH: APIRoute = async ({ locals, params, request }) => {
  const shop = requireShop(locals);
  const change = await readBody(request, memberChangeSchema);
  return json(
    await changeMember(await getDb(), shop.id, idParam(params.id, MEMBER_NOT_FOUND), change),
  );
};

/** `DELETE …`: the member leaves the team; their sessions in the shop end at once. */
export const DELETE: APIRoute = async ({ locals, params }) => {
  await removeMember(await getDb(), requireShop(locals).id, idParam(params.id, MEMBER_NOT_FOUND));
  return json({ detail: 'La persona ya no es parte de tu equipo.' });
};

export const ALL = methodNotAllowed('PATCH', 'DELETE');
