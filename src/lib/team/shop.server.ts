/**
 * The shop a request works in (issue 67), for routes and actions: the signed-in person's own, or
 * the one they are a member of, and the 403 where a member's role stops.
 */
import { requireUser } from '@/lib/server/http/auth';
import { HttpError } from '@/lib/server/http/errors';
import { can, OWNER, type Permission, type ShopActor } from '@/lib/team/permissions';

/**
 * The shop the request works in (issue 67): the signed-in person's own, or the one they are a
 * member of. Seller routes scope every read and write by its `id`; `userId` is who acts.
 */
export function requireShop(locals: App.Locals): { id: number; userId: number; actor: ShopActor } {
  const user = requireUser(locals);
  const shop = locals.shop ?? { id: user.id, actor: OWNER };
  return { id: shop.id, userId: user.id, actor: shop.actor };
}

/** A 403 unless the acting person may do what `permission` covers (the owner may do all). */
export function requirePermission(locals: App.Locals, permission: Permission): void {
  if (!can(requireShop(locals).actor, permission)) throw new HttpError(403, TEAM_FORBIDDEN);
}

/** What a member hears where their role stops. */
export const TEAM_FORBIDDEN =
  'Tu rol en esta tienda no permite hacer esto. Pídeselo a quien es dueño.';
