/** Registering is accepting the terms shown: every way of creating an account records the version. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, userForIdentity } from '@/lib/accounts/users.server';
import { PLATFORM_LEGAL_VERSION } from '@/lib/legal/platform';
import { openDatabase, type DbHandle } from '@/lib/server/db/client';

let handle: DbHandle;
beforeAll(async () => {
  handle = await openDatabase({ pgliteDir: 'memory://' });
}, 60_000);
afterAll(() => handle?.close());

const google = (subject: string, email: string) => ({
  provider: 'google',
  subject,
  email,
  emailVerified: true,
  name: 'Rosa Díaz',
});

describe('the terms version accepted', () => {
  it('is recorded, with its time, when a first Google sign-in creates the account', async () => {
    const before = Date.now();
    const user = await userForIdentity(handle.db, google('g-1', 'rosa@ejemplo.cl'));
    expect(user.termsVersion).toBe(PLATFORM_LEGAL_VERSION);
    expect(user.termsAcceptedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('is not invented for an account that registered nothing (an operator adds staff)', async () => {
    const staff = await createUser(handle.db, {
      email: 'staff@impulsa.cl',
      fullName: 'Equipo',
      password: 'una-clave-larga',
    });
    expect(staff.termsVersion).toBeNull();
    // Linking Google to that account later is signing in, not registering.
    const linked = await userForIdentity(handle.db, google('g-2', 'staff@impulsa.cl'));
    expect(linked.id).toBe(staff.id);
    expect(linked.termsVersion).toBeNull();
  });
});
