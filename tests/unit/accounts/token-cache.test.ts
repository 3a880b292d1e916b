/** The credential cache: fresh for a minute, never past the credential's expiry, bounded, dropped per user. */
import { describe, expect, it } from 'vitest';
import { TokenCache, type CachedCredential } from '@/lib/accounts/token-cache.server';

const entry = (
  userId: number,
  at: number,
  over: Partial<CachedCredential> = {},
): CachedCredential => ({
  tokenId: `token-${userId}`,
  user: { id: userId } as CachedCredential['user'],
  membership: null,
  working: false,
  expiresAt: at + 3_600_000,
  lastUsedAt: at,
  cachedAt: at,
  ...over,
});

describe('credential cache', () => {
  it('answers for its time to live and never past the credential expiry', () => {
    const cache = new TokenCache(10, 60_000);
    cache.set('a', entry(1, 0));
    cache.set('b', entry(2, 0, { expiresAt: 30_000 }));
    expect(cache.get('a', 59_999)?.user.id).toBe(1);
    expect(cache.get('b', 30_000)).toBeUndefined();
    expect(cache.get('a', 60_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('forgets every credential of the users named, and everything on a lost connection', () => {
    const cache = new TokenCache();
    cache.set('a1', entry(1, 0));
    cache.set('a2', entry(1, 0));
    cache.set('b', entry(2, 0));
    cache.forget([]);
    expect(cache.size).toBe(3);
    cache.forget([1]);
    expect(cache.get('a1', 1)).toBeUndefined();
    expect(cache.get('a2', 1)).toBeUndefined();
    expect(cache.get('b', 1)?.user.id).toBe(2);
    cache.forget(null);
    expect(cache.size).toBe(0);
  });

  it('stays bounded', () => {
    const cache = new TokenCache(100);
    for (let i = 0; i < 1000; i++) cache.set(`t${i}`, entry(i, 0));
    expect(cache.size).toBe(100);
    expect(cache.get('t0', 1)).toBeUndefined();
    expect(cache.get('t999', 1)?.user.id).toBe(999);
  });
});
