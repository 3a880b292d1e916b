/**
 * Account deletion and «Mis datos» follow the registry (issue 62), on PGlite and PostgreSQL: after
 * a deletion no table the registry erases holds a row of the person (the payment and invoicing
 * accounts with their sealed keys included), and the export carries those accounts without keys.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, getTableName } from 'drizzle-orm';
import { deleteAccount } from '@/lib/account-deletion.server';
import { exportUserData } from '@/lib/accounts/export.server';
import { hashPassword } from '@/lib/accounts/passwords.server';
import { PERSONAL_DATA } from '@/lib/privacy/registry.server';
import {
  invoicingAccounts,
  paymentAccounts,
  staffMembers,
  stores,
  users,
} from '@/lib/server/db/schema';
import { DB_ENGINES, useEngineDatabase } from '../../support/engine-db';

vi.hoisted(() => Object.assign(process.env, { SECRETS_KEY: 'c'.repeat(64), LOG_LEVEL: 'silent' }));

describe.each(DB_ENGINES)('deletion by the registry on $name', { timeout: 30_000 }, (engine) => {
  const t = useEngineDatabase(engine);
  let userId: number;

  beforeAll(async () => {
    const [user] = await t.db
      .insert(users)
      .values({
        email: `borrar${Date.now()}@ejemplo.cl`,
        fullName: 'Rosa Pérez',
        passwordHash: await hashPassword('una clave larga'),
      })
      .returning();
    userId = user!.id;
    await t.db.insert(stores).values({ userId, name: 'Pan del Puerto' });
    await t.db.insert(paymentAccounts).values({
      userId,
      provider: 'flow',
      environment: 'sandbox',
      keyId: 'FLOW-KEY-ID',
      secret: 'sealed-flow-secret',
      secretHint: 'B1C2',
    });
    await t.db.insert(invoicingAccounts).values({
      userId,
      provider: 'openfactura',
      environment: 'demo',
      apiKey: 'sealed-openfactura-key',
      apiKeyHint: '6B1C',
    });
    await t.db.insert(staffMembers).values({ userId });
  });

  it('exports the payment and invoicing accounts without their keys', async () => {
    const data = (await exportUserData(t.db, userId)) as Record<string, unknown>;
    expect(data.paymentAccounts).toEqual([
      expect.objectContaining({ provider: 'flow', keyId: 'FLOW-KEY-ID', secretHint: 'B1C2' }),
    ]);
    expect(data.invoicingAccounts).toEqual([
      expect.objectContaining({ provider: 'openfactura', apiKeyHint: '6B1C' }),
    ]);
    const text = JSON.stringify(data);
    expect(text).not.toContain('sealed-flow-secret');
    expect(text).not.toContain('sealed-openfactura-key');
  });

  it('leaves no row of the person in any table the registry erases', async () => {
    await deleteAccount(t.db, userId, { password: 'una clave larga' });
    for (const { table, owner, deletion } of PERSONAL_DATA) {
      if (!('erase' in deletion) || deletion.erase !== 'rows' || !owner) continue;
      const left = await t.db.select().from(table).where(eq(owner, userId));
      expect(left, getTableName(table)).toEqual([]);
    }
    const [tombstone] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(tombstone).toMatchObject({ fullName: 'Cuenta eliminada', passwordHash: null });
  });
});
