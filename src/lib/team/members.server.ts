/**
 * A shop's team (issue 67): the owner invites by mail, a person joins with the link, the owner
 * changes a member's role and permissions or removes them. A change or a removal takes effect at
 * once: the member's cached credentials are dropped on every instance (the credential bus) and a
 * removed member's sessions go back to their own account.
 */
import { and, asc, eq, gt, isNull, type SQL } from 'drizzle-orm';
import { credentialsChanged } from '@/lib/accounts/token-cache.server';
import { hashSecret, newSecret } from '@/lib/accounts/tokens.server';
import type { Db } from '@/lib/server/db/client';
import { authTokens, shopInvitations, shopMembers, stores, users } from '@/lib/server/db/schema';
import { siteUrl } from '@/lib/server/config';
import { HttpError } from '@/lib/server/http/errors';
import { enqueueMail } from '@/lib/server/mail/outbox';
import {
  memberPermissions,
  ROLE_NAMES,
  ROLE_PRESETS,
  type Permission,
  type Role,
} from '@/lib/team/permissions';
import type { InviteInput, MemberChange } from '@/lib/team/schemas';
import { invitationMail } from '@/lib/team/team-mails.server';

/** An invitation's link is good for this long. */
export const INVITATION_TTL_MS = 7 * 24 * 3_600_000;
export const MEMBER_NOT_FOUND = 'Esa persona no es parte de tu equipo.';
export const INVALID_INVITATION =
  'Esta invitación no es válida, ya se usó o venció. Pide a la tienda una nueva.';

export interface MemberView {
  /** The member's account id. */
  id: number;
  name: string;
  email: string;
  role: Role;
  /** Everything the member may do: the role's preset and what the owner ticked. */
  permissions: Permission[];
  joined_at: string;
  version: number;
}

export interface InvitationView {
  id: number;
  email: string;
  role: Role;
  permissions: Permission[];
  expires_at: string;
}

const permissionsOf = (role: Role, stored: readonly string[]) => [
  ...memberPermissions(role, stored),
];

/** The members a condition selects, as the owner reads them, oldest first. */
async function membersWhere(db: Db, where: SQL): Promise<MemberView[]> {
  const rows = await db
    .select({ member: shopMembers, name: users.fullName, email: users.email })
    .from(shopMembers)
    .innerJoin(users, eq(users.id, shopMembers.userId))
    .where(where)
    .orderBy(asc(shopMembers.joinedAt));
  return rows.map(({ member, name, email }) => ({
    id: member.userId,
    name,
    email,
    role: member.role as Role,
    permissions: permissionsOf(member.role as Role, member.permissions),
    joined_at: member.joinedAt.toISOString(),
    version: member.version,
  }));
}

/** One member of the shop; undefined: not one of its members. */
const memberOf = async (db: Db, shopId: number, memberId: number) =>
  (
    await membersWhere(db, and(eq(shopMembers.shopId, shopId), eq(shopMembers.userId, memberId))!)
  )[0];

/** The shop's members and its invitations still waiting, oldest first. */
export async function listTeam(
  db: Db,
  shopId: number,
): Promise<{ members: MemberView[]; invitations: InvitationView[] }> {
  const [members, invitations] = await Promise.all([
    membersWhere(db, eq(shopMembers.shopId, shopId)),
    db
      .select()
      .from(shopInvitations)
      .where(
        and(
          eq(shopInvitations.shopId, shopId),
          isNull(shopInvitations.acceptedAt),
          gt(shopInvitations.expiresAt, new Date()),
        ),
      )
      .orderBy(asc(shopInvitations.id)),
  ]);
  return {
    members,
    invitations: invitations.map((i) => ({
      id: i.id,
      email: i.email,
      role: i.role as Role,
      permissions: permissionsOf(i.role as Role, i.permissions),
      expires_at: i.expiresAt.toISOString(),
    })),
  };
}

/** The link an invitation mail carries, built from SITE_URL (never from the request's Host). */
export function invitationLink(token: string): string {
  const url = new URL('/equipo/unirse', siteUrl());
  url.searchParams.set('token', token);
  return url.href;
}

/** The ticked permissions beyond the role's preset (the preset is always granted). */
const extras = (role: Role, permissions: readonly Permission[]) =>
  permissions.filter((p) => !ROLE_PRESETS[role].includes(p));

/**
 * Invites `email` to the shop: the invitation and its mail in one transaction (the mail keyed by
 * the invitation, so a retry sends one). The owner's own address, or a member's, is refused.
 */
export async function invite(
  db: Db,
  shopId: number,
  inviterId: number,
  input: InviteInput,
): Promise<InvitationView> {
  const [owner] = await db
    .select({ email: users.email, name: users.fullName, shop: stores.name })
    .from(users)
    .leftJoin(stores, eq(stores.userId, users.id))
    .where(eq(users.id, shopId));
  if (!owner) throw new HttpError(404, 'Esa tienda no existe.');
  if (owner.email.toLowerCase() === input.email)
    throw new HttpError(400, 'Ese es tu propio correo: ya eres dueño de la tienda.', {
      errors: { email: ['Ese es tu propio correo: ya eres dueño de la tienda.'] },
    });
  const already = (
    await membersWhere(db, and(eq(shopMembers.shopId, shopId), eq(users.email, input.email))!)
  ).length;
  if (already)
    throw new HttpError(409, 'Esa persona ya es parte de tu equipo.', {
      errors: { email: ['Esa persona ya es parte de tu equipo.'] },
    });
  const token = newSecret();
  const row = await db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(shopInvitations)
      .values({
        shopId,
        email: input.email,
        role: input.role,
        permissions: extras(input.role, input.permissions),
        tokenHash: hashSecret(token),
        invitedBy: inviterId,
        expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
      })
      .returning();
    await enqueueMail(
      tx,
      invitationMail({
        to: input.email,
        inviter: owner.name || owner.email,
        shop: owner.shop || 'tu tienda',
        role: ROLE_NAMES[input.role],
        link: invitationLink(token),
      }),
      { key: `shop-invitation:${saved!.id}` },
    );
    return saved!;
  });
  return {
    id: row.id,
    email: row.email,
    role: input.role,
    permissions: permissionsOf(input.role, row.permissions),
    expires_at: row.expiresAt.toISOString(),
  };
}

/** Withdraws an invitation not yet used; another shop's is a 404. */
export async function revokeInvitation(db: Db, shopId: number, id: number): Promise<void> {
  const gone = await db
    .delete(shopInvitations)
    .where(
      and(
        eq(shopInvitations.id, id),
        eq(shopInvitations.shopId, shopId),
        isNull(shopInvitations.acceptedAt),
      ),
    )
    .returning({ id: shopInvitations.id });
  if (!gone.length) throw new HttpError(404, 'Esa invitación no existe.');
}

/** The invitation a link carries, if it is still good, with the shop's name. */
export async function invitationByToken(db: Db, token: string) {
  const [row] = await db
    .select({ invitation: shopInvitations, shop: stores.name })
    .from(shopInvitations)
    .leftJoin(stores, eq(stores.userId, shopInvitations.shopId))
    .where(
      and(
        eq(shopInvitations.tokenHash, hashSecret(token)),
        isNull(shopInvitations.acceptedAt),
        gt(shopInvitations.expiresAt, new Date()),
      ),
    );
  return row
    ? { ...row.invitation, role: row.invitation.role as Role, shop: row.shop || 'la tienda' }
    : null;
}

/** Moves one session to a shop (as its member) or back to the person's own (null). */
async function workIn(db: Db, token: string, shopId: number | null, userId: number) {
  await db
    .update(authTokens)
    .set({ shopId })
    .where(eq(authTokens.tokenHash, hashSecret(token)));
  await credentialsChanged([userId]);
}

/**
 * Joins the shop an invitation names, for the signed-in person whose e-mail it was sent to, once;
 * this session starts working there. One shop per member: someone already in another is refused.
 */
export async function join(
  db: Db,
  person: { id: number; email: string },
  token: string,
  session: string,
): Promise<{ shopId: number; role: Role }> {
  const found = await invitationByToken(db, token);
  if (!found)
    throw new HttpError(400, INVALID_INVITATION, { errors: { token: [INVALID_INVITATION] } });
  if (found.email !== person.email.toLowerCase())
    throw new HttpError(
      403,
      `Esta invitación es para ${found.email}. Ingresa con esa cuenta para unirte.`,
    );
  if (found.shopId === person.id) throw new HttpError(400, 'Ya eres dueño de esta tienda.');
  await db.transaction(async (tx) => {
    const taken = await tx
      .update(shopInvitations)
      .set({ acceptedAt: new Date() })
      .where(and(eq(shopInvitations.id, found.id), isNull(shopInvitations.acceptedAt)))
      .returning({ id: shopInvitations.id });
    if (!taken.length) throw new HttpError(400, INVALID_INVITATION);
    const [current] = await tx.select().from(shopMembers).where(eq(shopMembers.userId, person.id));
    if (current && current.shopId !== found.shopId)
      throw new HttpError(
        409,
        'Ya trabajas en otra tienda. Pide que te quiten de ese equipo antes de unirte a este.',
      );
    if (!current)
      await tx.insert(shopMembers).values({
        userId: person.id,
        shopId: found.shopId,
        role: found.role,
        permissions: found.permissions,
        invitedBy: found.invitedBy,
      });
  });
  await workIn(db, session, found.shopId, person.id);
  return { shopId: found.shopId, role: found.role };
}

/** Changes a member's role and permissions; a stale version is a 409. Takes effect at once. */
export async function changeMember(
  db: Db,
  shopId: number,
  memberId: number,
  change: MemberChange,
): Promise<MemberView> {
  const [row] = await db
    .update(shopMembers)
    .set({
      role: change.role,
      permissions: extras(change.role, change.permissions),
      version: change.version + 1,
    })
    .where(
      and(
        eq(shopMembers.userId, memberId),
        eq(shopMembers.shopId, shopId),
        eq(shopMembers.version, change.version),
      ),
    )
    .returning();
  if (!row) {
    const exists = await memberOf(db, shopId, memberId);
    if (!exists) throw new HttpError(404, MEMBER_NOT_FOUND);
    throw new HttpError(409, 'Este miembro cambió en otra pestaña. Revisa y vuelve a intentarlo.', {
      body: { current: exists },
    });
  }
  await credentialsChanged([memberId]);
  return (await memberOf(db, shopId, memberId))!;
}

/** Removes a member: their sessions in the shop go back to their own account at once. */
export async function removeMember(db: Db, shopId: number, memberId: number): Promise<void> {
  const gone = await db
    .delete(shopMembers)
    .where(and(eq(shopMembers.userId, memberId), eq(shopMembers.shopId, shopId)))
    .returning({ id: shopMembers.userId });
  if (!gone.length) throw new HttpError(404, MEMBER_NOT_FOUND);
  await db
    .update(authTokens)
    .set({ shopId: null })
    .where(and(eq(authTokens.userId, memberId), eq(authTokens.shopId, shopId)));
  await credentialsChanged([memberId]);
}

/** The shop the person is a member of, if any (for the header's switch). */
export async function membershipOf(
  db: Db,
  userId: number,
): Promise<{ shopId: number; shop: string; role: Role } | null> {
  const [row] = await db
    .select({ shopId: shopMembers.shopId, shop: stores.name, role: shopMembers.role })
    .from(shopMembers)
    .leftJoin(stores, eq(stores.userId, shopMembers.shopId))
    .where(eq(shopMembers.userId, userId));
  return row ? { shopId: row.shopId, shop: row.shop || 'la tienda', role: row.role as Role } : null;
}

/** Works in the shop the person is a member of (`shopId`), or in their own (null). */
export async function switchShop(
  db: Db,
  userId: number,
  session: string,
  shopId: number | null,
): Promise<void> {
  if (shopId !== null && shopId !== userId) {
    const membership = await membershipOf(db, userId);
    if (membership?.shopId !== shopId) throw new HttpError(404, 'No eres parte de esa tienda.');
  }
  await workIn(db, session, shopId === userId ? null : shopId, userId);
}
