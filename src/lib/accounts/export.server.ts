/**
 * «Mis datos» (issue 48, Ley 21.719's access and portability): everything Impulsa holds about a
 * person, as JSON, read only through the person's own id. Secrets never leave: a password's hash,
 * a credential's hash, a sealed payment key. Buyers' details appear only inside the seller's own
 * orders, which are the seller's records.
 */
import { eq, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '@/lib/server/db/client';
import { PERSONAL_DATA } from '@/lib/privacy/registry.server';
import { authTokens, users } from '@/lib/server/db/schema';

/** Keys that hold a secret, whatever the table: left out of every row. */
const SECRET_KEY = /(hash|secret|apikey|token)$/i;

function withoutSecrets<T extends Record<string, unknown>>(row: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(row).filter(([key]) => !SECRET_KEY.test(key)),
  ) as Partial<T>;
}
const clean = <T extends Record<string, unknown>>(rows: T[]) => rows.map(withoutSecrets);

/** `row` without the fields `omit` names (a PDF's bytes). */
function without(row: Record<string, unknown>, omit: readonly string[] = []) {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !omit.includes(key)));
}

/**
 * The rows the registry exports (`privacy/registry.server.ts`), each table under its key: the
 * person's own rows, and the rows of their rows (a canvas's sections), without secrets.
 */
async function registryRows(db: Db, userId: number): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const idsOf = new Map<PgTable, number[]>();
  for (const { table, owner, via, export: what } of PERSONAL_DATA) {
    if (!('key' in what)) continue;
    const parentIds = via ? (idsOf.get(via.parent) ?? []) : [];
    const rows =
      owner || parentIds.length
        ? ((await db
            .select()
            .from(table)
            .where(owner ? eq(owner, userId) : inArray(via!.column, parentIds))) as Record<
            string,
            unknown
          >[])
        : [];
    idsOf.set(
      table,
      rows.map((row) => row.id as number),
    );
    const cleaned = clean(rows).map((row) => without(row, what.omit));
    out[what.key] = what.single ? (cleaned[0] ?? null) : cleaned;
  }
  return out;
}

/** What `GET /api/users/me/export/` answers (docs/design.md, «Impulsa's terms and privacy»). */
export async function exportUserData(db: Db, userId: number) {
  const [profile] = await db.select().from(users).where(eq(users.id, userId));
  const sessions = await db
    .select({
      createdAt: authTokens.createdAt,
      lastUsedAt: authTokens.lastUsedAt,
      expiresAt: authTokens.expiresAt,
    })
    .from(authTokens)
    .where(eq(authTokens.userId, userId));
  return {
    exportedAt: new Date().toISOString(),
    profile: profile ? withoutSecrets(profile) : null,
    consents: profile
      ? [
          { what: 'terms-and-privacy', version: profile.termsVersion, at: profile.termsAcceptedAt },
          ...(profile.analyticsConsent === null
            ? []
            : [
                {
                  what: 'analytics',
                  granted: profile.analyticsConsent,
                  at: profile.analyticsConsentAt,
                },
              ]),
        ]
      : [],
    sessions,
    ...(await registryRows(db, userId)),
  };
}
