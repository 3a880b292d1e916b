/**
 * Each store's own Webpay Plus account (`/api/store/webpay/`, the page `/cobros`): card sales are
 * paid into the seller's Transbank account, not the platform's. The secret key is sealed at rest
 * (`server/secrets.ts`), never sent back, and shown only by its last four characters. A store
 * without an account offers transfer and WhatsApp only.
 */
import { eq } from 'drizzle-orm';
import type { WebpayAccountInput, WebpayEnvironment } from '@/lib/orders/schemas';
import {
  checkWebpayAccount,
  webpayProvider,
  type WebpayProvider,
  type WebpayAccount,
  type WebpayCheck,
} from '@/lib/payments/providers/webpay/webpay.server';
import { cache } from '@/lib/server/cache/provider';
import { tags } from '@/lib/server/cache/tags';
import type { Db } from '@/lib/server/db/client';
import { saveVersioned, type Tx } from '@/lib/server/db/versioned';
import { stores } from '@/lib/server/db/schema';
import { writeStore } from '@/lib/shop/store.server';
import { HttpError } from '@/lib/server/http/errors';
import { log } from '@/lib/server/log';
import { openSecret, sealSecret } from '@/lib/server/secrets';

type StoreRow = typeof stores.$inferSelect;

/** The account as the seller sees it: never the key, only its end. */
export interface WebpayAccountView {
  configured: boolean;
  commerce_code: string | null;
  /** `••••B1C2`: the key's last four characters. */
  api_key_hint: string | null;
  environment: WebpayEnvironment;
  /** What Webpay last said of it: `ok`, `rejected`, or null (not checked since saved). */
  check: 'ok' | 'rejected' | null;
  checked_at: string | null;
  /** The store's version (the account is part of the shop's settings). */
  version: number;
}

const masked = (hint: string | null) => (hint ? `••••${hint}` : null);

function toView(row: StoreRow | undefined): WebpayAccountView {
  return {
    configured: Boolean(row?.webpayCommerceCode && row.webpaySecret),
    commerce_code: row?.webpayCommerceCode ?? null,
    api_key_hint: masked(row?.webpaySecretHint ?? null),
    environment: (row?.webpayEnvironment as WebpayEnvironment | undefined) ?? 'integration',
    check: (row?.webpayCheck as 'ok' | 'rejected' | null | undefined) ?? null,
    checked_at: row?.webpayCheckedAt?.toISOString() ?? null,
    version: row?.version ?? 0,
  };
}

/** The store's account with its key opened; null when it has none (or its key cannot be opened). */
export function accountOf(
  row: Pick<StoreRow, 'webpayCommerceCode' | 'webpaySecret' | 'webpayEnvironment'> | null,
): WebpayAccount | null {
  if (!row?.webpayCommerceCode || !row.webpaySecret) return null;
  try {
    return {
      commerceCode: row.webpayCommerceCode,
      apiKey: openSecret(row.webpaySecret),
      environment: row.webpayEnvironment as WebpayEnvironment,
    };
  } catch (error) {
    // Sealed under another SECRETS_KEY: Webpay is not offered until the seller enters it again.
    log.error('a store webpay key cannot be opened', { error });
    return null;
  }
}

/** Webpay for the seller's own account, or null when the store has none. */
export async function sellerWebpay(db: Db | Tx, sellerId: number): Promise<WebpayProvider | null> {
  const [row] = await db.select().from(stores).where(eq(stores.userId, sellerId));
  const account = accountOf(row ?? null);
  return account && webpayProvider(account);
}

export async function getWebpayAccount(db: Db, userId: number): Promise<WebpayAccountView> {
  const [row] = await db.select().from(stores).where(eq(stores.userId, userId));
  return toView(row);
}

const lockStore = async (tx: Tx, userId: number) =>
  (await tx.select().from(stores).where(eq(stores.userId, userId)).for('update'))[0];

const CONFLICT = {
  message: 'La configuración de tu tienda cambió en otra pestaña. Revisa los datos guardados.',
  current: (row: StoreRow | undefined) => toView(row),
};

/** Saves the account if `version` is the store's; an empty key keeps the stored one. */
export async function saveWebpayAccount(
  db: Db,
  userId: number,
  input: WebpayAccountInput,
): Promise<WebpayAccountView> {
  await saveVersioned(db, {
    base: input.version,
    lock: (tx) => lockStore(tx, userId),
    versionOf: (row) => row.version,
    async write(tx, version, current) {
      if (!input.api_key && !current?.webpaySecret)
        throw new HttpError(400, 'Falta la llave secreta.', {
          errors: { api_key: ['Escribe la llave secreta que te dio Transbank.'] },
        });
      const columns = {
        webpayCommerceCode: input.commerce_code,
        webpayEnvironment: input.environment,
        // A changed account is unknown until Webpay says otherwise (checked right below).
        webpayCheck: null,
        webpayCheckedAt: null,
        ...(input.api_key && {
          webpaySecret: sealSecret(input.api_key),
          webpaySecretHint: input.api_key.slice(-4),
        }),
      };
      await writeStore(tx, userId, columns, version, current);
    },
    conflict: CONFLICT,
  });
  // Asked at once, so the seller sees whether it works without another click.
  await checkStoredWebpayAccount(db, userId).catch(() => {});
  // Product pages show the cart form only where a buyer can pay.
  await cache.invalidate({ tags: [tags.store(userId)] });
  return getWebpayAccount(db, userId);
}

/**
 * Records what Webpay said of the store's account: `ok` and `rejected` are answers; when Webpay
 * did not answer, what it said before stands. Checkout offers Webpay only after an `ok`.
 */
export async function recordWebpayCheck(
  db: Db,
  userId: number,
  result: WebpayCheck,
): Promise<void> {
  if (result === 'unreachable') return;
  await db
    .update(stores)
    .set({ webpayCheck: result, webpayCheckedAt: new Date() })
    .where(eq(stores.userId, userId));
  await cache.invalidate({ tags: [tags.store(userId)] });
}

/** Disconnects the account: Webpay stops being offered at once. */
export async function removeWebpayAccount(
  db: Db,
  userId: number,
  base: number,
): Promise<WebpayAccountView> {
  await saveVersioned(db, {
    base,
    lock: (tx) => lockStore(tx, userId),
    versionOf: (row) => row.version,
    async write(tx, version, current) {
      const none = {
        webpayCommerceCode: null,
        webpaySecret: null,
        webpaySecretHint: null,
        webpayCheck: null,
        webpayCheckedAt: null,
      };
      if (current) await writeStore(tx, userId, none, version, current);
    },
    conflict: CONFLICT,
  });
  await cache.invalidate({ tags: [tags.store(userId)] });
  return getWebpayAccount(db, userId);
}

/** "Probar conexión" with the stored account; a store without one is a 400. */
export async function checkStoredWebpayAccount(db: Db, userId: number): Promise<WebpayCheck> {
  const [row] = await db.select().from(stores).where(eq(stores.userId, userId));
  const account = accountOf(row ?? null);
  if (!account)
    throw new HttpError(400, 'Primero guarda tu código de comercio y tu llave secreta.');
  const result = await checkWebpayAccount(account);
  await recordWebpayCheck(db, userId, result);
  return result;
}

/** What each check means for the seller. */
export const WEBPAY_CHECK_MESSAGES: Record<WebpayCheck, { title: string; description: string }> = {
  ok: {
    title: 'Webpay aceptó tu cuenta',
    description: 'Tus clientes ya pueden pagar con tarjeta; el dinero llega a tu cuenta Transbank.',
  },
  rejected: {
    title: 'Webpay no reconoce tu cuenta',
    description:
      'Revisa el código de comercio, la llave secreta y el ambiente (integración o producción).',
  },
  unreachable: {
    title: 'No pudimos hablar con Webpay',
    description: 'Transbank no respondió. Intenta de nuevo en unos minutos.',
  },
};
