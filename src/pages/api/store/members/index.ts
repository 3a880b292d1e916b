import type { APIRoute } from 'astro';
import { getDb } from '@/lib/server/db/client';
import { requireShop } from '@/lib/team/shop.server';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';
import { invite, listTeam } from '@/lib/team/members.server';
import { inviteSchema } from '@/lib/team/schemas';

/** `GET /api/store/members/` → `{members, invitations}`: the owner's team (owner only, issue 67). */
export const GET: APIRoute = async ({ locals }) =>
  json(await listTeam(await getDb(), requireShop(locals).id));

/** `POST …` `{email, role, permissions?}` → 201 the invitation; its mail is queued with it. */
export const POST: APIRoute = async ({ locals, request }) => {
  const shop = requireShop(locals);
  const input = await readBody(request, inviteSchema);
  return json(await invite(await getDb(), shop.id, shop.userId, input), { status: 201 });
};

export const ALL = methodNotAllowed('GET', 'POST');
