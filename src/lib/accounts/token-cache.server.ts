/**
 * Who a credential belongs to, kept in memory for a minute: a signed-in request is answered
 * without a database round trip for its token. Bounded (past `max` the oldest entry goes). A
 * revocation, a password change or a profile edit publishes a `users` event on the bus
 * (`credentialsChanged`), which drops that user's entries here at once and on every other instance;
 * entries are kept only while this instance is listening, so none can miss a revocation.
 */
import type { authTokens, users } from '@/lib/server/db/schema';
import { BoundedMap } from '@/lib/server/cache/bounded-map';
import { cacheBus } from '@/lib/server/cache/bus';

type UserRow = typeof users.$inferSelect;

/** The shop a person is a member of (issue 67), as stored: read by `team/`. */
export interface Membership {
  shopId: number;
  /** The shop's name, for the header. */
  shop: string;
  role: string;
  permissions: string[];
}

export interface CachedCredential {
  tokenId: (typeof authTokens.$inferSelect)['id'];
  user: UserRow;
  /** The shop the person is a member of; null: none (or the membership ended). */
  membership: Membership | null;
  /** Whether this session works in that shop, rather than the person's own. */
  working: boolean;
  /** Epoch ms. */
  expiresAt: number;
  lastUsedAt: number;
  cachedAt: number;
}

export class TokenCache {
  private readonly entries: BoundedMap<string, CachedCredential>;
  private readonly ttlMs: number;

  constructor(max = 10_000, ttlMs = 60_000) {
    this.entries = new BoundedMap(max);
    this.ttlMs = ttlMs;
  }

  /** The credential behind `tokenHash`, while fresh and unexpired; undefined otherwise. */
  get(tokenHash: string, now = Date.now()): CachedCredential | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.cachedAt + this.ttlMs <= now || entry.expiresAt <= now) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry;
  }

  set(tokenHash: string, entry: CachedCredential): void {
    this.entries.set(tokenHash, entry);
  }

  /** Forgets these users' credentials (null: everyone's, after a lost connection). */
  forget(userIds: readonly number[] | null): void {
    if (!userIds) return this.entries.clear();
    const ids = new Set(userIds);
    if (ids.size === 0) return;
    this.entries.deleteWhere((entry) => ids.has(entry.user.id));
  }

  get size(): number {
    return this.entries.size;
  }
}

let shared: TokenCache | undefined;

/** The process-wide credential cache. */
export function tokenCache(): TokenCache {
  let cache = shared;
  if (!cache) {
    cache = shared = new TokenCache();
    cacheBus.follow((event) => {
      if (event.kind === 'users') cache!.forget(event.ids);
      else if (event.kind === 'all') cache!.forget(null);
    });
  }
  return cache;
}

/** Whether an answer may be kept: only while invalidations from other instances are heard. */
export const mayCache = () => cacheBus.isListening();

/** Drops the cached credentials of `userIds` on every instance: revoked, or their user changed. */
export async function credentialsChanged(userIds: readonly number[]): Promise<void> {
  if (userIds.length) await cacheBus.usersChanged(...userIds);
}
