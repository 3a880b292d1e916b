/**
 * A shop's team (/equipo, /equipo/unirse, the header's switch): invite, change, remove, withdraw
 * an invitation, join with a link, and choose the shop a session works in. Plain forms: each
 * answers the toast to show, or where to go.
 */
import { getDb } from '@/lib/server/db/client';
import { formAction, rowIdField } from '@/lib/server/http/action';
import { requireUser } from '@/lib/server/http/auth';
import { requireShop } from '@/lib/team/shop.server';
import { HttpError } from '@/lib/server/http/errors';
import {
  changeMember,
  invite,
  join,
  MEMBER_NOT_FOUND,
  membershipOf,
  removeMember,
  revokeInvitation,
  switchShop,
} from '@/lib/team/members.server';
import { memberHome, ROLE_NAMES, ROLE_PRESETS, type Role } from '@/lib/team/permissions';
import { inviteSchema, joinSchema, memberChangeSchema, switchSchema } from '@/lib/team/schemas';
import type { FlashInput as Toast } from '@/lib/toast/flash';
import { z } from '@/lib/zod';

/** Where a role's work starts in the shop. */
const homeOf = (role: Role) => memberHome({ permissions: new Set(ROLE_PRESETS[role]) });

/** The credential this form came with: a session works in one shop at a time. */
function session(locals: App.Locals): string {
  if (!locals.auth) throw new HttpError(401, 'Debes iniciar sesión para continuar.');
  return locals.auth.token;
}

export const team = {
  invite: formAction(inviteSchema, {}, async (input, context): Promise<Toast> => {
    const shop = requireShop(context.locals);
    await invite(await getDb(), shop.id, shop.userId, input);
    return {
      title: `Invitación enviada a ${input.email}`,
      description: `Con el rol «${ROLE_NAMES[input.role]}». El enlace vale por 7 días.`,
    };
  }),
  change: formAction(
    memberChangeSchema,
    { member: rowIdField(MEMBER_NOT_FOUND) },
    async ({ member, ...change }, context): Promise<Toast> => {
      const saved = await changeMember(
        await getDb(),
        requireShop(context.locals).id,
        member,
        change,
      );
      return {
        title: `Permisos de ${saved.name || saved.email} guardados`,
        description: 'Valen desde su próximo clic.',
      };
    },
  ),
  remove: formAction(
    z.object({}),
    { member: rowIdField(MEMBER_NOT_FOUND) },
    async ({ member }, context): Promise<Toast> => {
      await removeMember(await getDb(), requireShop(context.locals).id, member);
      return {
        title: 'Quitaste a la persona del equipo',
        description: 'Ya no puede entrar a tu tienda.',
      };
    },
  ),
  revoke: formAction(
    z.object({}),
    { invitation: rowIdField('Esa invitación no existe.') },
    async ({ invitation }, context): Promise<Toast> => {
      await revokeInvitation(await getDb(), requireShop(context.locals).id, invitation);
      return { title: 'Invitación retirada', description: 'Su enlace ya no sirve.' };
    },
  ),
  /** Joins with the invitation's link; answers where the member's work starts. */
  join: formAction(joinSchema, {}, async ({ token }, context) => {
    const user = requireUser(context.locals);
    const joined = await join(await getDb(), user, token, session(context.locals));
    return { to: homeOf(joined.role) };
  }),
  /** Works in the shop the person is a member of, or in their own; answers where to go. */
  switch: formAction(switchSchema, {}, async ({ shop }, context) => {
    const user = requireUser(context.locals);
    const db = await getDb();
    await switchShop(db, user.id, session(context.locals), shop);
    const membership = shop === null || shop === user.id ? null : await membershipOf(db, user.id);
    return { to: membership ? homeOf(membership.role) : '/dashboard' };
  }),
};
