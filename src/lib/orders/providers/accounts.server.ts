/**
 * Each store's accounts with redirect providers (Flow): saved, checked, disconnected, and opened
 * for a payment. The secret is sealed at rest (`server/secrets.ts`), never sent back, and shown
 * only by its last four characters. Checkout offers a provider once it said `ok`.
 */
import { and, eq, sql } from 'drizzle-orm';
import { flowClient, type FlowEnvironment } from '@/lib/orders/providers/flow.server';
import type {
  AccountCheck,
  PaymentProvider,
  RedirectProvider,
} from '@/lib/orders/providers/provider';
import type { FlowAccountInput } from '@/lib/orders/providers/schemas';
import { cache } from '@/lib/server/cache/provider';
import { tags } from '@/lib/server/cache/tags';
import type { Db } from '@/lib/server/db/client';
import { paymentAccounts } from '@/lib/server/db/schema';
import type { Tx } from '@/lib/server/db/versioned';
import { HttpError } from '@/lib/server/http/errors';
import { log } from '@/lib/server/log';
import { openSecret, sealSecret } from '@/lib/server/secrets';

type AccountRow = typeof paymentAccounts.$inferSelect;

/** The account as the seller sees it: never the secret, only its end. */
export interface PaymentAccountView {
  provider: RedirectProvider;
  configured: boolean;
  api_key: string | null;
  /** `••••B1C2`: the secret's last four characters. */
  secret_key_hint: string | null;
  environment: FlowEnvironment;
  /** What the provider last said of it: `ok`, `rejected`, or null (not checked since saved). */
  check: 'ok' | 'rejected' | null;
  checked_at: string | null;
  /** 0 while there is none. */
  version: number;
}

function toView(provider: RedirectProvider, row: AccountRow | undefined): PaymentAccountView {
  return {
    provider,
    configured: Boolean(row),
    api_key: row?.keyId ?? null,
    secret_key_hint: row ? `••••${row.secretHint}` : null,
    environment: (row?.environment as FlowEnvironment | undefined) ?? 'sandbox',
    check: (row?.check as 'ok' | 'rejected' | null | undefined) ?? null,
    checked_at: row?.checkedAt?.toISOString() ?? null,
    version: row?.version ?? 0,
  };
}

const rowOf = async (db: Db | Tx, userId: number, provider: RedirectProvider) =>
  (
    await db
      .select()
      .from(paymentAccounts)
      .where(and(eq(paymentAccounts.userId, userId), eq(paymentAccounts.provider, provider)))
  )[0];

export async function getPaymentAccount(
  db: Db,
  userId: number,
  provider: RedirectProvider,
): Promise<PaymentAccountView> {
  return toView(provider, await rowOf(db, userId, provider));
}

/** The provider's client with the row's secret opened; null when it cannot be opened. */
function clientOf(row: AccountRow): PaymentProvider | null {
  try {
    return flowClient({
      apiKey: row.keyId,
      secretKey: openSecret(row.secret),
      environment: row.environment as FlowEnvironment,
    });
  } catch (error) {
    // Sealed under another SECRETS_KEY: not offered until the seller enters it again.
    log.error('a store payment secret cannot be opened', { provider: row.provider, error });
    return null;
  }
}

/** The seller's provider, or null when the store has no such account. */
export async function sellerProvider(
  db: Db | Tx,
  sellerId: number,
  provider: RedirectProvider,
): Promise<PaymentProvider | null> {
  const row = await rowOf(db, sellerId, provider);
  return row ? clientOf(row) : null;
}

const CONFLICT =
  'Tu cuenta de cobros cambió en otra pestaña. Revisa los datos guardados y vuelve a intentarlo.';

/** Saves the account if `version` is its current one (0: none yet); an empty secret keeps the stored one. */
export async function savePaymentAccount(
  db: Db,
  userId: number,
  provider: RedirectProvider,
  input: FlowAccountInput,
): Promise<PaymentAccountView> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(paymentAccounts)
      .where(and(eq(paymentAccounts.userId, userId), eq(paymentAccounts.provider, provider)))
      .for('update');
    if ((current?.version ?? 0) !== input.version)
      throw new HttpError(409, CONFLICT, { body: { current: toView(provider, current) } });
    if (!input.secret_key && !current)
      throw new HttpError(400, 'Falta la secret key.', {
        errors: { secret_key: ['Escribe la secret key que te da Flow.'] },
      });
    const columns = {
      keyId: input.api_key,
      environment: input.environment,
      // A changed account is unknown until the provider says otherwise (asked right below).
      check: null,
      checkedAt: null,
      updatedAt: new Date(),
      ...(input.secret_key && {
        secret: sealSecret(input.secret_key),
        secretHint: input.secret_key.slice(-4),
      }),
    };
    if (current)
      await tx
        .update(paymentAccounts)
        .set({ ...columns, version: sql`${paymentAccounts.version} + 1` })
        .where(and(eq(paymentAccounts.userId, userId), eq(paymentAccounts.provider, provider)));
    else
      await tx.insert(paymentAccounts).values({
        userId,
        provider,
        ...columns,
        secret: columns.secret!,
        secretHint: columns.secretHint!,
      });
  });
  // Asked at once, so the seller sees whether it works without another click.
  await checkPaymentAccount(db, userId, provider).catch(() => {});
  await cache.invalidate({ tags: [tags.store(userId)] });
  return getPaymentAccount(db, userId, provider);
}

/** Records what the provider said: `ok` and `rejected` are answers; no answer keeps what it said before. */
export async function recordPaymentCheck(
  db: Db,
  userId: number,
  provider: RedirectProvider,
  result: AccountCheck,
): Promise<void> {
  if (result === 'unreachable') return;
  await db
    .update(paymentAccounts)
    .set({ check: result, checkedAt: new Date() })
    .where(and(eq(paymentAccounts.userId, userId), eq(paymentAccounts.provider, provider)));
  await cache.invalidate({ tags: [tags.store(userId)] });
}

/** «Probar conexión» with the stored account; a store without one is a 400. */
export async function checkPaymentAccount(
  db: Db,
  userId: number,
  provider: RedirectProvider,
): Promise<AccountCheck> {
  const client = await sellerProvider(db, userId, provider);
  if (!client) throw new HttpError(400, 'Primero guarda tu API key y tu secret key.');
  const result = await client.check();
  await recordPaymentCheck(db, userId, provider, result);
  return result;
}

/** Disconnects the account: the provider stops being offered at once. */
export async function removePaymentAccount(
  db: Db,
  userId: number,
  provider: RedirectProvider,
  version: number,
): Promise<PaymentAccountView> {
  const removed = await db
    .delete(paymentAccounts)
    .where(
      and(
        eq(paymentAccounts.userId, userId),
        eq(paymentAccounts.provider, provider),
        eq(paymentAccounts.version, version),
      ),
    )
    .returning({ version: paymentAccounts.version });
  const current = await rowOf(db, userId, provider);
  if (!removed.length && current)
    throw new HttpError(409, CONFLICT, { body: { current: toView(provider, current) } });
  await cache.invalidate({ tags: [tags.store(userId)] });
  return toView(provider, current);
}

/** What each check means for the seller. */
export const PAYMENT_CHECK_MESSAGES: Record<AccountCheck, { title: string; description: string }> =
  {
    ok: {
      title: 'Flow aceptó tu cuenta',
      description:
        'Tus clientes ya pueden pagar con Flow (Webpay, Mach, Khipu o transferencia); el dinero llega a tu cuenta Flow.',
    },
    rejected: {
      title: 'Flow no reconoce tu cuenta',
      description: 'Revisa la API key, la secret key y el ambiente (sandbox o producción).',
    },
    unreachable: {
      title: 'No pudimos hablar con Flow',
      description: 'Flow no respondió. Intenta de nuevo en unos minutos.',
    },
  };
