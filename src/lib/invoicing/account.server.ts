/**
 * Each seller's own invoicing account (`/api/store/invoicing/`, the page `/boletas`): the key is
 * sealed at rest like the Webpay key, never sent back, shown by its last four characters. Saving
 * asks the provider who the key belongs to, and that taxpayer issues every document.
 */
import { eq } from 'drizzle-orm';
import type { Issuer } from '@/lib/invoicing/dte';
import { formatRut } from '@/lib/rut';
import { openFactura } from '@/lib/invoicing/openfactura.server';
import {
  InvoicingError,
  type InvoicingEnvironment,
  type InvoicingProvider,
} from '@/lib/invoicing/provider';
import type { InvoicingAccountInput } from '@/lib/invoicing/schemas';
import type { Db } from '@/lib/server/db/client';
import { invoicingAccounts } from '@/lib/server/db/schema';
import { saveVersioned, type Tx } from '@/lib/server/db/versioned';
import { HttpError } from '@/lib/server/http/errors';
import { log } from '@/lib/server/log';
import { openSecret, sealSecret } from '@/lib/server/secrets';

type Row = typeof invoicingAccounts.$inferSelect;

/** The account as the seller sees it: never the key. */
export interface InvoicingAccountView {
  configured: boolean;
  provider: 'openfactura';
  environment: InvoicingEnvironment;
  /** `••••B1C2`. */
  api_key_hint: string | null;
  /** Who issues the documents, as the provider said. */
  issuer: Issuer | null;
  check: 'ok' | 'rejected' | null;
  checked_at: string | null;
  version: number;
}

/** The issuer as people read it: the RUT with its dots (the SII's documents carry it without). */
const shownIssuer = (issuer: Issuer): Issuer => ({ ...issuer, rut: formatRut(issuer.rut) });

function toView(row: Row | undefined): InvoicingAccountView {
  return {
    configured: Boolean(row),
    provider: 'openfactura',
    environment: (row?.environment as InvoicingEnvironment | undefined) ?? 'demo',
    api_key_hint: row ? `••••${row.apiKeyHint}` : null,
    issuer: row?.issuer ? shownIssuer(row.issuer as Issuer) : null,
    check: (row?.check as 'ok' | 'rejected' | null | undefined) ?? null,
    checked_at: row?.checkedAt?.toISOString() ?? null,
    version: row?.version ?? 0,
  };
}

/** The seller's provider with its key opened, and who issues; null without an account. */
export function providerOf(
  row: Row | undefined,
): { provider: InvoicingProvider; issuer: Issuer | null } | null {
  if (!row) return null;
  try {
    return {
      provider: openFactura(openSecret(row.apiKey), row.environment as InvoicingEnvironment),
      issuer: (row.issuer as Issuer | null) ?? null,
    };
  } catch (error) {
    log.error('an invoicing key cannot be opened', { error });
    return null;
  }
}

export async function accountRow(db: Db | Tx, userId: number): Promise<Row | undefined> {
  return (await db.select().from(invoicingAccounts).where(eq(invoicingAccounts.userId, userId)))[0];
}

export async function getInvoicingAccount(db: Db, userId: number): Promise<InvoicingAccountView> {
  return toView(await accountRow(db, userId));
}

const lockAccount = async (tx: Tx, userId: number) =>
  (
    await tx
      .select()
      .from(invoicingAccounts)
      .where(eq(invoicingAccounts.userId, userId))
      .for('update')
  )[0];

const CONFLICT = {
  message:
    'La conexión con tu sistema de boletas cambió en otra pestaña. Revisa los datos guardados.',
  current: (row: Row | undefined) => toView(row),
};

/** Saves the account if `version` is its own, then asks the provider at once. */
export async function saveInvoicingAccount(
  db: Db,
  userId: number,
  input: InvoicingAccountInput,
): Promise<InvoicingAccountView> {
  await saveVersioned(db, {
    base: input.version,
    lock: (tx) => lockAccount(tx, userId),
    versionOf: (row) => row.version,
    async write(tx, version, current) {
      if (!input.api_key && !current)
        throw new HttpError(400, 'Falta la llave (API key).', {
          errors: { api_key: ['Escribe la llave (API key) que te dio OpenFactura.'] },
        });
      const columns = {
        provider: input.provider,
        environment: input.environment,
        check: null,
        checkedAt: null,
        version,
        updatedAt: new Date(),
        ...(input.api_key && {
          apiKey: sealSecret(input.api_key),
          apiKeyHint: input.api_key.slice(-4),
        }),
      };
      if (current)
        await tx.update(invoicingAccounts).set(columns).where(eq(invoicingAccounts.userId, userId));
      else
        await tx.insert(invoicingAccounts).values({
          userId,
          apiKey: sealSecret(input.api_key),
          apiKeyHint: input.api_key.slice(-4),
          ...columns,
        });
    },
    conflict: CONFLICT,
  });
  await checkInvoicingAccount(db, userId);
  return getInvoicingAccount(db, userId);
}

/**
 * «Probar conexión»: asks the provider who the key belongs to. `ok` stores that taxpayer as the
 * issuer; `rejected` says the key is not good; no answer leaves what was known. Returns whether
 * it answered yes, and the Spanish line the seller reads.
 */
export async function checkInvoicingAccount(
  db: Db,
  userId: number,
): Promise<{ ok: boolean; message: string }> {
  const opened = providerOf(await accountRow(db, userId));
  if (!opened) throw new HttpError(404, 'Aún no conectas tu sistema de boletas.');
  try {
    const issuer = await opened.provider.organization();
    await db
      .update(invoicingAccounts)
      .set({ check: 'ok', checkedAt: new Date(), issuer })
      .where(eq(invoicingAccounts.userId, userId));
    return {
      ok: true,
      message: `Conectado: las boletas saldrán a nombre de ${issuer.name}, RUT ${formatRut(issuer.rut)}.`,
    };
  } catch (error) {
    if (!(error instanceof InvoicingError)) throw error;
    if (error.reason === 'key')
      await db
        .update(invoicingAccounts)
        .set({ check: 'rejected', checkedAt: new Date() })
        .where(eq(invoicingAccounts.userId, userId));
    return { ok: false, message: error.message };
  }
}

/** Disconnects the account: paid orders stop getting documents until another is connected. */
export async function removeInvoicingAccount(
  db: Db,
  userId: number,
  version: number,
): Promise<InvoicingAccountView> {
  await saveVersioned(db, {
    base: version,
    lock: (tx) => lockAccount(tx, userId),
    versionOf: (row) => row.version,
    async write(tx) {
      await tx.delete(invoicingAccounts).where(eq(invoicingAccounts.userId, userId));
    },
    conflict: CONFLICT,
  });
  return toView(undefined);
}
