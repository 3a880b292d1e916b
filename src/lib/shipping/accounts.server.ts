/**
 * Each shop's courier accounts (issue 65): saved, checked, disconnected, and opened for a quote or
 * a shipment. Keys are sealed at rest (`server/secrets.ts`), never sent back, and shown only by
 * the first one's last four characters; a save asks the courier at once, as the payment accounts
 * do. What each courier's account holds: `account-kinds.ts`.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { shippingAccounts } from '@/lib/server/db/schema';
import type { Tx } from '@/lib/server/db/versioned';
import { HttpError } from '@/lib/server/http/errors';
import { log } from '@/lib/server/log';
import { openSecret, sealSecret } from '@/lib/server/secrets';
import {
  accountParts,
  CONNECTABLE,
  joinKeys,
  splitKeys,
  type ConnectableCourier,
} from '@/lib/shipping/account-kinds';
import {
  SHIPPING_PROVIDER_NAMES,
  type ShippingCheck,
  type ShippingProvider,
} from '@/lib/shipping/provider';
import { chilexpressClient } from '@/lib/shipping/providers/chilexpress/chilexpress.server';
import { shipitClient } from '@/lib/shipping/providers/shipit/shipit.server';
import { starkenClient } from '@/lib/shipping/providers/starken/starken.server';
import type { ShippingAccountInput } from '@/lib/shipping/schemas';

type AccountRow = typeof shippingAccounts.$inferSelect;

export {
  CONNECTABLE,
  shippingCheckMessages,
  type ConnectableCourier,
} from '@/lib/shipping/account-kinds';

/** A route's `{provider}`: a courier a seller can connect, else a 404 (the route does not exist). */
export function courierParam(value: string | undefined): ConnectableCourier {
  if (value && (CONNECTABLE as readonly string[]).includes(value))
    return value as ConnectableCourier;
  throw new HttpError(404, 'Ese courier no existe.');
}

/** The account as the seller sees it: never the token, only its end. */
export interface ShippingAccountView {
  provider: ConnectableCourier;
  configured: boolean;
  /** Shipit's account e-mail; null for the others. */
  email: string | null;
  /** Starken's agency of origin (its code); empty: the first of the shop's comuna. */
  agency: string | null;
  /** `••••9a1c`: the (first) key's last four characters. */
  token_hint: string | null;
  /** What the courier last said of it: `ok`, `rejected`, or null (not checked since saved). */
  check: 'ok' | 'rejected' | null;
  checked_at: string | null;
  /** The last time a checkout's quote found the courier silent or down; null: never. */
  quote_failed_at: string | null;
  /** 0 while there is none. */
  version: number;
}

function toView(provider: ConnectableCourier, row: AccountRow | undefined): ShippingAccountView {
  return {
    provider,
    configured: Boolean(row),
    email: provider === 'shipit' ? (row?.keyId ?? null) : null,
    agency: provider === 'starken' ? (row?.keyId ?? null) : null,
    token_hint: row ? `••••${row.secretHint}` : null,
    check: (row?.check as 'ok' | 'rejected' | null | undefined) ?? null,
    checked_at: row?.checkedAt?.toISOString() ?? null,
    quote_failed_at: row?.quoteFailedAt?.toISOString() ?? null,
    version: row?.version ?? 0,
  };
}

const rowOf = async (db: Db | Tx, userId: number, provider: ConnectableCourier) =>
  (
    await db
      .select()
      .from(shippingAccounts)
      .where(and(eq(shippingAccounts.userId, userId), eq(shippingAccounts.provider, provider)))
  )[0];

export async function getShippingAccount(
  db: Db,
  userId: number,
  provider: ConnectableCourier,
): Promise<ShippingAccountView> {
  return toView(provider, await rowOf(db, userId, provider));
}

/** The courier's client with the row's keys opened; null when they cannot be opened. */
function clientOf(row: AccountRow): ShippingProvider | null {
  try {
    const [first = '', second = ''] = splitKeys(openSecret(row.secret));
    if (row.provider === 'starken') return starkenClient({ token: first, originAgency: row.keyId });
    if (row.provider === 'chilexpress')
      return chilexpressClient({ ratingKey: first, coverageKey: second });
    return shipitClient({ email: row.keyId, token: first });
  } catch (error) {
    // Sealed under another SECRETS_KEY: not used until the seller enters it again.
    log.error('a store shipping secret cannot be opened', { provider: row.provider, error });
    return null;
  }
}

/** The seller's courier, or null when the shop has no such account. */
export async function sellerCourier(
  db: Db | Tx,
  sellerId: number,
  provider: ConnectableCourier,
): Promise<ShippingProvider | null> {
  const row = await rowOf(db, sellerId, provider);
  return row ? clientOf(row) : null;
}

/** The stored keys, opened; null when they cannot be (sealed under another `SECRETS_KEY`). */
function storedKeys(row: AccountRow): string[] | null {
  try {
    return splitKeys(openSecret(row.secret));
  } catch {
    return null;
  }
}

const CONFLICT =
  'Tu cuenta de despacho cambió en otra pestaña. Revisa los datos guardados y vuelve a intentarlo.';

/** Saves the account if `version` is its current one (0: none yet); an empty key keeps the stored one. */
export async function saveShippingAccount(
  db: Db,
  userId: number,
  provider: ConnectableCourier,
  input: ShippingAccountInput,
): Promise<ShippingAccountView> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(shippingAccounts)
      .where(and(eq(shippingAccounts.userId, userId), eq(shippingAccounts.provider, provider)))
      .for('update');
    if ((current?.version ?? 0) !== input.version)
      throw new HttpError(409, CONFLICT, { body: { current: toView(provider, current) } });
    const stored = current ? storedKeys(current) : null;
    const { keyId, keys, missing } = accountParts(provider, input, stored);
    if (missing)
      throw new HttpError(400, missing.message, { errors: { [missing.field]: [missing.message] } });
    const columns = {
      keyId,
      // A changed account is unknown until the courier says otherwise (asked right below).
      check: null,
      checkedAt: null,
      updatedAt: new Date(),
      ...(keys && { secret: sealSecret(joinKeys(keys)), secretHint: keys[0]!.slice(-4) }),
    };
    if (current)
      await tx
        .update(shippingAccounts)
        .set({ ...columns, version: sql`${shippingAccounts.version} + 1` })
        .where(and(eq(shippingAccounts.userId, userId), eq(shippingAccounts.provider, provider)));
    else
      await tx.insert(shippingAccounts).values({
        userId,
        provider,
        ...columns,
        secret: columns.secret!,
        secretHint: columns.secretHint!,
      });
  });
  // Asked at once, so the seller sees whether it works without another click.
  await checkShippingAccount(db, userId, provider).catch(() => {});
  return getShippingAccount(db, userId, provider);
}

/** «Probar conexión» with the stored account; a shop without one is a 400. */
export async function checkShippingAccount(
  db: Db,
  userId: number,
  provider: ConnectableCourier,
): Promise<ShippingCheck> {
  const client = await sellerCourier(db, userId, provider);
  if (!client)
    throw new HttpError(
      400,
      `Primero guarda los datos de tu cuenta ${SHIPPING_PROVIDER_NAMES[provider]}.`,
    );
  const result = await client.check();
  // No answer keeps what the courier said before.
  if (result !== 'unreachable')
    await db
      .update(shippingAccounts)
      .set({ check: result, checkedAt: new Date() })
      .where(and(eq(shippingAccounts.userId, userId), eq(shippingAccounts.provider, provider)));
  return result;
}

/** Disconnects the account. */
export async function removeShippingAccount(
  db: Db,
  userId: number,
  provider: ConnectableCourier,
  version: number,
): Promise<ShippingAccountView> {
  const removed = await db
    .delete(shippingAccounts)
    .where(
      and(
        eq(shippingAccounts.userId, userId),
        eq(shippingAccounts.provider, provider),
        eq(shippingAccounts.version, version),
      ),
    )
    .returning({ version: shippingAccounts.version });
  const current = await rowOf(db, userId, provider);
  if (!removed.length && current)
    throw new HttpError(409, CONFLICT, { body: { current: toView(provider, current) } });
  return toView(provider, current);
}
