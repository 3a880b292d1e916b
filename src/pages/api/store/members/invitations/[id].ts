import type { APIRoute } from 'astro';
import { getDb } from '@/lib/server/db/client';
import { requireShop } from '@/lib/team/shop.server';
import { json, methodNotAllowed } from '@/lib/server/http/json';
import { idParam } from '@/lib/server/http/params';
import { revokeInvitation } from '@/lib/team/members.server';

/** `DELETE /api/store/members/invitations/{id}/`: withdraws an invitation not yet used. */
export const DELETE: APIRoute = async ({ locals, params }) => {
  await revokeInvitation(
    await getDb(),
    requireShop(locals).id,
    idParam(params.id, 'Esa invitación no existe.'),
  );
  return json({ detail: 'Invitación retirada.' });
};

export const ALL = methodNotAllowed('DELETE');
