/** Credentials (API token and browser session are one row): issue, resolve, revoke. */
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { authTokens, shopMembers, stores, users } from '@/lib/server/db/schema';
import { hashSecret, newSecret, SESSION_TTL_MS } from '@/lib/accounts/tokens.server';
import {
  credentialsChanged,
  mayCache,
  tokenCache,
  type CachedCredential,
} from '@/lib/accounts/token-cache.server';

/** Last-use is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60 * 60 * 1000;

/** Creates a credential for `userId` and returns its secret (shown once). */
export async function issueToken(db: Db, userId: number): Promise<string> {
  const token = newSecret();
  await db.insert(authTokens).values({
    userId,
    tokenHash: hashSecret(token),
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  // Now and then, sweep credentials nobody used for 30 days.
  if (Math.random() < 0.02) void purgeExpiredTokens(db).catch(() => {});
  return token;
}

/** A credential from the database, kept in the cache when this instance hears revocations. */
async function lookUp(db: Db, tokenHash: string, now: number): Promise<CachedCredential | null> {
  const [row] = await db
    .select({
      tokenId: authTokens.id,
      lastUsedAt: authTokens.lastUsedAt,
      expiresAt: authTokens.expiresAt,
      user: users,
      // The person's shop as a member, if any; the session works there only while the membership
      // lasts: a removal ends it at once.
      membership: {
        shopId: shopMembers.shopId,
        shop: stores.name,
        role: shopMembers.role,
        permissions: shopMembers.permissions,
      },
      sessionShop: authTokens.shopId,
    })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .leftJoin(shopMembers, eq(shopMembers.userId, authTokens.userId))
    .leftJoin(stores, eq(stores.userId, shopMembers.shopId))
    .where(and(eq(authTokens.tokenHash, tokenHash), gt(authTokens.expiresAt, new Date(now))))
    .limit(1);
  if (!row) return null;
  const entry: CachedCredential = {
    tokenId: row.tokenId,
    user: row.user,
    membership:
      row.membership?.shopId && row.membership.role && row.membership.permissions
        ? {
            shopId: row.membership.shopId,
            shop: row.membership.shop || 'la tienda',
            role: row.membership.role,
            permissions: row.membership.permissions,
          }
        : null,
    working: Boolean(row.membership?.shopId) && row.sessionShop === row.membership?.shopId,
    expiresAt: row.expiresAt.getTime(),
    lastUsedAt: row.lastUsedAt.getTime(),
    cachedAt: now,
  };
  if (mayCache()) tokenCache().set(tokenHash, entry);
  return entry;
}

/** Whether a credential's last use is old enough to be written again (which `resolveToken` does). */
const touchDue = (entry: CachedCredential, now: number) => now - entry.lastUsedAt > TOUCH_EVERY_MS;

/**
 * The user behind a secret when this instance has it in memory and nothing is due on it; undefined
 * means "ask `resolveToken`" (it may still be valid). For answers made before Astro runs
 * (`server/private-answers`), which must not write.
 */
export function cachedUser(token: string, now = Date.now()): CachedCredential['user'] | undefined {
  if (!token || token.length > 200) return undefined;
  const entry = tokenCache().get(hashSecret(token), now);
  // A member's session works in another's shop: its pages are never answered from memory.
  return entry && !entry.working && !touchDue(entry, now) ? entry.user : undefined;
}

/**
 * The user a secret belongs to, if it is valid; slides its expiry forward (a write at most once
 * an hour per credential, off the request's path). Answered from memory for a minute after the
 * first lookup (`token-cache.server.ts`); a revocation drops it everywhere at once.
 */
export async function resolveToken(db: Db, token: string) {
  if (!token || token.length > 200) return null;
  const tokenHash = hashSecret(token);
  const now = Date.now();
  const entry = tokenCache().get(tokenHash, now) ?? (await lookUp(db, tokenHash, now));
  if (!entry) return null;
  if (touchDue(entry, now)) {
    entry.lastUsedAt = now;
    entry.expiresAt = now + SESSION_TTL_MS;
    void db
      .update(authTokens)
      .set({ lastUsedAt: new Date(now), expiresAt: new Date(now + SESSION_TTL_MS) })
      .where(eq(authTokens.id, entry.tokenId))
      .catch(() => {});
  }
  return {
    tokenId: entry.tokenId,
    user: entry.user,
    membership: entry.membership,
    working: entry.working,
  };
}

/** Revokes one credential by its secret. */
export async function revokeToken(db: Db, token: string): Promise<void> {
  const revoked = await db
    .delete(authTokens)
    .where(eq(authTokens.tokenHash, hashSecret(token)))
    .returning({ userId: authTokens.userId });
  await credentialsChanged(revoked.map((r) => r.userId));
}

/** Revokes every credential of a user (password reset). */
export async function revokeAllTokens(db: Db, userId: number): Promise<void> {
  await db.delete(authTokens).where(eq(authTokens.userId, userId));
  await credentialsChanged([userId]);
}

/** Revokes every token and session of the user except `keep` (the one that changed the password). */
export async function revokeOtherTokens(db: Db, userId: number, keep: string): Promise<void> {
  await db
    .delete(authTokens)
    .where(and(eq(authTokens.userId, userId), ne(authTokens.tokenHash, hashSecret(keep))));
  await credentialsChanged([userId]);
}

/** Deletes expired credentials. */
export async function purgeExpiredTokens(db: Db): Promise<void> {
  await db.delete(authTokens).where(lt(authTokens.expiresAt, sql`now()`));
}
