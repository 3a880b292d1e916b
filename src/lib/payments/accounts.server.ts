/**
 * Each store's accounts with redirect providers (Flow): saved, checked, disconnected, and opened
 * for a payment. The secret is sealed at rest (`server/secrets.ts`), never sent back, and shown
 * only by its last four characters. Checkout offers a provider once it said `ok`.
 */
import { and, eq, sql } from 'drizzle-orm';
import { flowClient, type FlowEnvironment } from '@/lib/payments/providers/flow/flow.server';
import {
  PROVIDER_COVERS,
  PROVIDER_NAMES,
  type AccountCheck,
  type PaymentProvider,
} from '@/lib/payments/provider';
import { REDIRECT_PROVIDERS, type RedirectProvider } from '@/lib/shop/payment-methods';
import { mercadoPagoClient } from '@/lib/payments/providers/mercadopago/mercadopago.server';
import type { FlowAccountInput, MercadoPagoAccountInput } from '@/lib/payments/schemas';
import { cache } from '@/lib/server/cache/provider';
import { tags } from '@/lib/server/cache/tags';
import type { Db } from '@/lib/server/db/client';
import { paymentAccounts } from '@/lib/server/db/schema';
import type { Tx } from '@/lib/server/db/versioned';
import { HttpError } from '@/lib/server/http/errors';
import { log } from '@/lib/server/log';
import { openSecret, sealSecret } from '@/lib/server/secrets';
import { prose } from '@/lib/prose';

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

/** What a save writes, whatever the provider: the public part, the secret (null keeps it), its hint. */
interface AccountWrite {
  keyId: string | null;
  secret: string | null;
  hint: string;
  environment: string;
  version: number;
  /** The field and message when there is no secret yet and none was given. */
  missing: { field: string; message: string };
}

function accountWrite(
  provider: RedirectProvider,
  given: FlowAccountInput | MercadoPagoAccountInput,
): AccountWrite {
  if (provider === 'flow') {
    const input = given as FlowAccountInput;
    return {
      keyId: input.api_key,
      secret: input.secret_key || null,
      hint: input.secret_key.slice(-4),
      environment: input.environment,
      version: input.version,
      missing: { field: 'secret_key', message: 'Escribe la secret key que te da Flow.' },
    };
  }
  const input = given as MercadoPagoAccountInput;
  const token = input.access_token;
  return {
    // Mercado Pago's access token ends with the account's user id: shown to tell accounts apart.
    keyId: token ? (/-(\d+)$/.exec(token)?.[1] ?? '') : null,
    secret: token
      ? JSON.stringify({ accessToken: token, webhookSecret: input.webhook_secret })
      : null,
    hint: token.slice(-4),
    environment: token.startsWith('TEST-') ? 'sandbox' : 'production',
    version: input.version,
    missing: {
      field: 'access_token',
      message: 'Escribe el access token de tu aplicación de Mercado Pago.',
    },
  };
}

/** Every redirect provider's account of the seller, in one read (/cobros, `GET /api/store/payments/`). */
export async function paymentAccountsOf(
  db: Db,
  userId: number,
): Promise<Record<RedirectProvider, PaymentAccountView>> {
  const rows = await db.select().from(paymentAccounts).where(eq(paymentAccounts.userId, userId));
  return Object.fromEntries(
    REDIRECT_PROVIDERS.map((p) => [
      p,
      toView(
        p,
        rows.find((row) => row.provider === p),
      ),
    ]),
  ) as Record<RedirectProvider, PaymentAccountView>;
}

/** The provider's client with the row's secret opened; null when it cannot be opened. */
function clientOf(row: AccountRow): PaymentProvider | null {
  try {
    const secret = openSecret(row.secret);
    if (row.provider === 'mercadopago') {
      const opened = JSON.parse(secret) as { accessToken: string; webhookSecret: string };
      return mercadoPagoClient(opened);
    }
    return flowClient({
      apiKey: row.keyId,
      secretKey: secret,
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
  given: FlowAccountInput | MercadoPagoAccountInput,
): Promise<PaymentAccountView> {
  const input = accountWrite(provider, given);
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(paymentAccounts)
      .where(and(eq(paymentAccounts.userId, userId), eq(paymentAccounts.provider, provider)))
      .for('update');
    if ((current?.version ?? 0) !== input.version)
      throw new HttpError(409, CONFLICT, { body: { current: toView(provider, current) } });
    if (!input.secret && !current)
      throw new HttpError(400, input.missing.message, {
        errors: { [input.missing.field]: [input.missing.message] },
      });
    const columns = {
      ...(input.keyId !== null && { keyId: input.keyId }),
      environment: input.environment,
      // A changed account is unknown until the provider says otherwise (asked right below).
      check: null,
      checkedAt: null,
      updatedAt: new Date(),
      ...(input.secret && { secret: sealSecret(input.secret), secretHint: input.hint }),
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
        keyId: input.keyId ?? '',
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

/** What each check means for the seller, per provider. */
export function paymentCheckMessages(
  provider: RedirectProvider,
): Record<AccountCheck, { title: string; description: string }> {
  const name = PROVIDER_NAMES[provider];
  return {
    ok: {
      title: `${name} aceptó tu cuenta`,
      description: prose`Tus clientes ya pueden pagar con ${name} (${PROVIDER_COVERS[provider]}); el
        dinero llega a tu cuenta ${name}.`,
    },
    rejected: {
      title: `${name} no reconoce tu cuenta`,
      description:
        provider === 'flow'
          ? 'Revisa la API key, la secret key y el ambiente (sandbox o producción).'
          : 'Revisa el access token: cópialo de nuevo desde «Tus integraciones» en Mercado Pago.',
    },
    unreachable: {
      title: `No pudimos hablar con ${name}`,
      description: `${name} no respondió. Intenta de nuevo en unos minutos.`,
    },
  };
}

/** The seller's Mercado Pago webhook secret, which signs its notifications; null without an account. */
export async function mercadoPagoWebhookSecret(db: Db, sellerId: number): Promise<string | null> {
  const row = await rowOf(db, sellerId, 'mercadopago');
  if (!row) return null;
  try {
    return (JSON.parse(openSecret(row.secret)) as { webhookSecret: string }).webhookSecret;
  } catch {
    return null;
  }
}
