/**
 * Credentials are answered from memory after the first request, so a revocation must reach every
 * instance: two instances on one PostgreSQL database, a token used on both, then signed out on
 * one — refused there at once and on the other within a second (LISTEN/NOTIFY). A new name shows
 * on both too.
 */
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/http';
import { TEST_DATABASE_URL } from '../../support/postgres';
import { useTwoInstances } from '../../support/server';

describe.skipIf(!TEST_DATABASE_URL)('credentials across instances', () => {
  const instances = useTwoInstances();

  it('a token signed out on one instance is refused there at once and on the other within a second', async () => {
    const { first, second } = instances();
    const api = new ApiClient(first.url);
    const { token } = await api.register({ full_name: 'Rosa Díaz' });
    const me = (base: string) => new ApiClient(base).get('/api/users/me/', { token });
    // Both instances have answered for it (and keep it in memory from now on).
    for (const base of [first.url, second.url, first.url, second.url])
      expect((await me(base)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect((await me(second.url)).body.full_name).toBe('Rosa Díaz');

    // A profile edit through the first shows on the second.
    expect(
      (await api.patch('/api/users/me/', { full_name: 'Rosa Díaz Pérez' }, { token })).status,
    ).toBe(200);
    await expect
      .poll(async () => (await me(second.url)).body.full_name, { timeout: 1000, interval: 25 })
      .toBe('Rosa Díaz Pérez');

    expect((await api.post('/api/users/logout/', undefined, { token })).status).toBeLessThan(300);
    expect((await me(first.url)).status).toBe(401);
    await expect
      .poll(async () => (await me(second.url)).status, { timeout: 1000, interval: 25 })
      .toBe(401);
  });
});
