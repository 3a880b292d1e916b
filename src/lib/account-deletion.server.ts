/**
 * Deleting an account (Ley 21.719's erasure; docs/design.md, «What deleting an account erases»).
 * Final, in one transaction that locks the person's row: every credential goes, so the next
 * request with the old session is a 401; what the person wrote and published is erased, so their
 * shop and sites answer 404 at once; what the tax law makes their business keep (orders, their
 * lines and amounts; a constituted company's registry file) stays, detached from the person's name
 * and with the buyers' personal fields anonymised.
 */
import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { credentialsChanged } from '@/lib/accounts/token-cache.server';
import { verifyPassword } from '@/lib/accounts/passwords.server';
import { findUserById } from '@/lib/accounts/users.server';
import { anonymiseBuyers } from '@/lib/orders/anonymise.server';
import { cache } from '@/lib/server/cache/provider';
import { tags, type CacheTag } from '@/lib/server/cache/tags';
import type { Db, Tx } from '@/lib/server/db/client';
import { orders, users } from '@/lib/server/db/schema';
import { PERSONAL_DATA } from '@/lib/privacy/registry.server';
import { HttpError } from '@/lib/server/http/errors';

const WRONG_PASSWORD = 'La contraseña no es correcta.';
const WRONG_EMAIL = 'Escribe el correo de tu cuenta para confirmar.';

/** What confirms the deletion: the password, or for an account without one (Google) its e-mail. */
export interface DeletionProof {
  password?: string;
  email?: string;
}

/** The name a deleted account's row keeps, and the address that can never receive mail. */
const tombstone = (id: number) => ({
  email: `eliminada-${id}@cuentas.impulsa.invalid`,
  fullName: 'Cuenta eliminada',
});

/** Step 1: the person proves it is them, as changing the password does. */
async function confirmIdentity(db: Db, userId: number, proof: DeletionProof): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user || user.deletedAt) throw new HttpError(401, 'Tu sesión terminó. Ingresa nuevamente.');
  if (user.passwordHash) {
    if (!(await verifyPassword(user.passwordHash, proof.password ?? '')))
      throw new HttpError(400, WRONG_PASSWORD, { errors: { password: [WRONG_PASSWORD] } });
    return;
  }
  if ((proof.email ?? '').trim().toLowerCase() !== user.email)
    throw new HttpError(400, WRONG_EMAIL, { errors: { email: [WRONG_EMAIL] } });
}

/** Step 2: everything in one transaction; returns the cache tags of what went offline. */
async function erase(tx: Tx, userId: number): Promise<CacheTag[]> {
  const [locked] = await tx
    .select({ deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  // A second request that passed authentication before the first committed.
  if (!locked || locked.deletedAt)
    throw new HttpError(401, 'Tu sesión terminó. Ingresa nuevamente.');
  const gone: CacheTag[] = [tags.store(userId), tags.catalogue(userId), tags.dashboard(userId)];
  // What the registry says to erase, in its order; published rows take their cached pages along.
  for (const entry of PERSONAL_DATA) {
    const { deletion, owner, table, tag } = entry;
    if (!('erase' in deletion) || deletion.erase !== 'rows' || !owner) continue;
    const where = deletion.where?.(userId) ?? eq(owner, userId);
    if (tag) {
      const rows = (await tx
        .delete(table)
        .where(where)
        .returning({ id: (table as unknown as { id: AnyPgColumn }).id })) as { id: number }[];
      gone.push(...rows.map((row) => tag(row.id)));
    } else await tx.delete(table).where(where);
  }
  await anonymiseBuyers(tx, eq(orders.sellerId, userId));
  await tx
    .update(users)
    .set({
      ...tombstone(userId),
      passwordHash: null,
      isTransbankReferral: false,
      termsVersion: null,
      termsAcceptedAt: null,
      analyticsConsent: null,
      analyticsConsentAt: null,
      deletedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
  return gone;
}

/**
 * Deletes the account of `userId` once `proof` confirms it. Afterwards every instance forgets the
 * person's credentials and every cached page of their shop and sites.
 */
export async function deleteAccount(db: Db, userId: number, proof: DeletionProof): Promise<void> {
  await confirmIdentity(db, userId, proof);
  const gone = await db.transaction((tx) => erase(tx, userId));
  await credentialsChanged([userId]);
  await cache.invalidate({ tags: gone });
}
