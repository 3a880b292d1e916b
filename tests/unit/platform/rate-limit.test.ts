import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '@/lib/server/db/client';
import { assertUnder, hit } from '@/lib/server/rate-limit';

let handle: DbHandle;
beforeAll(async () => {
  handle = await openDatabase({ pgliteDir: 'memory://' });
}, 60_000);
afterAll(() => handle?.close());

describe('rate limits in the database', () => {
  const rule = { name: 'test', windowSeconds: 60, limit: 3 };
  // Windows near the real clock: `hit` now and then purges windows older than a day by the
  // database's clock, which would take a fixed past date's rows from under the test.
  const minute = Math.floor(Date.now() / 60_000) * 60_000;

  it('allows `limit` hits per window, then 429 with Retry-After until the window ends', async () => {
    const now = minute + 10_000;
    for (let i = 0; i < 3; i++) await hit(handle.db, rule, 'a', now);
    const error = await hit(handle.db, rule, 'a', now).catch((e) => e);
    expect(error).toMatchObject({ status: 429, headers: { 'Retry-After': '50' } });
    await expect(hit(handle.db, rule, 'b', now)).resolves.toBeUndefined();
    await expect(hit(handle.db, rule, 'a', now + 60_000)).resolves.toBeUndefined();
  });

  it('assertUnder checks without counting', async () => {
    const now = minute;
    await assertUnder(handle.db, rule, 'c', now);
    for (let i = 0; i < 3; i++) await hit(handle.db, rule, 'c', now);
    await expect(assertUnder(handle.db, rule, 'c', now)).rejects.toMatchObject({ status: 429 });
  });
});
