/** Credentials (API token and browser session are one row): issue, resolve, revoke. */
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { authTokens, users } from '@/lib/server/db/schema';
import { hashSecret, newSecret } from '@/lib/accounts/tokens.server';

/** A credential lives 30 days from its last use. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Last-use is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60 * 60 * 1000;

/** Creates a credential for `userId` and returns its secret (shown once). */
export async function issueToken(db: Db, userId: number): Promise<string> {
  const token = newSecret();
  await db.insert(authTokens).values({ userId, tokenHash: hashSecret(token), expiresAt: new Date(Date.now() + SESSION_TTL_MS) });
  // Now and then, sweep credentials nobody used for 30 days.
  if (Math.random() < 0.02) void purgeExpiredTokens(db).catch(() => {});
  return token;
}

/** The user a secret belongs to, if it is valid; slides its expiry forward. */
export async function resolveToken(db: Db, token: string) {
  if (!token || token.length > 200) return null;
  const now = new Date();
  const [row] = await db
    .select({ tokenId: authTokens.id, lastUsedAt: authTokens.lastUsedAt, user: users })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(and(eq(authTokens.tokenHash, hashSecret(token)), gt(authTokens.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  if (now.getTime() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(authTokens)
      .set({ lastUsedAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) })
      .where(eq(authTokens.id, row.tokenId));
  }
  return { tokenId: row.tokenId, user: row.user };
}

/** Revokes one credential by its secret. */
export async function revokeToken(db: Db, token: string): Promise<void> {
  await db.delete(authTokens).where(eq(authTokens.tokenHash, hashSecret(token)));
}

/** Revokes every credential of a user (password reset). */
export async function revokeAllTokens(db: Db, userId: number): Promise<void> {
  await db.delete(authTokens).where(eq(authTokens.userId, userId));
}

/** Revokes every token and session of the user except `keep` (the one that changed the password). */
export async function revokeOtherTokens(db: Db, userId: number, keep: string): Promise<void> {
  await db.delete(authTokens).where(and(eq(authTokens.userId, userId), ne(authTokens.tokenHash, hashSecret(keep))));
}

/** Deletes expired credentials. */
export async function purgeExpiredTokens(db: Db): Promise<void> {
  await db.delete(authTokens).where(lt(authTokens.expiresAt, sql`now()`));
}
