/**
 * A seller's shop takes the legal name, RUT, address and representatives of one of their
 * constituted companies from its file, so every shop page, receipt and mail names who sells.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { BusinessType } from '@/lib/formation/business-type';
import { COMPANY_NOT_FOUND } from '@/lib/formation/companies.server';
import { companyIdentity } from '@/lib/formation/company-identity';
import { IDENTITY_MAX } from '@/lib/shop/schemas';
import { legalEntityOf, type LegalEntity } from '@/lib/shop/legal-entity';
import { cache } from '@/lib/server/cache/provider';
import { tags } from '@/lib/server/cache/tags';
import type { Db } from '@/lib/server/db/client';
import { companies, stores } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';

/** What the seller's shop sells as, if anything. */
export async function storeLegalEntity(db: Db, userId: number): Promise<LegalEntity | null> {
  const [row] = await db
    .select({ legalName: stores.legalName, legalRut: stores.legalRut })
    .from(stores)
    .where(eq(stores.userId, userId));
  return legalEntityOf(row);
}

/** The store's legal columns; a field left undefined keeps what the seller typed. */
async function setLegal(db: Db, userId: number, columns: Partial<typeof stores.$inferInsert>) {
  const [row] = await db
    .insert(stores)
    .values({ userId, ...columns, version: 1 })
    .onConflictDoUpdate({
      target: stores.userId,
      set: { ...columns, version: sql`${stores.version} + 1`, updatedAt: sql`now()` },
    })
    .returning({ legalName: stores.legalName, legalRut: stores.legalRut });
  await cache.invalidate({ tags: [tags.store(userId)] });
  return legalEntityOf(row);
}

/**
 * The shop sells as company `companyId` of the seller: a 404 for another's, 409 before
 * constitution. Its file fills the address and the representative; a board's manager, whom the
 * file does not name, stays as the seller typed it.
 */
export async function sellAsCompany(db: Db, userId: number, companyId: number) {
  const [company] = await db
    .select({
      name: companies.companyName,
      rut: companies.legalRut,
      status: companies.status,
      type: companies.type,
      payload: companies.payload,
    })
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.userId, userId)));
  if (!company) throw new HttpError(404, COMPANY_NOT_FOUND);
  if (company.status !== 'constituida' || !company.rut)
    throw new HttpError(
      409,
      'Esa empresa aún no está constituida: su razón social y RUT llegan al terminar.',
    );
  const { address, representative } = companyIdentity(
    company.type as BusinessType,
    company.payload,
  );
  return setLegal(db, userId, {
    legalName: company.name.slice(0, IDENTITY_MAX.name),
    legalRut: company.rut,
    ...(address && { legalAddress: address.slice(0, IDENTITY_MAX.address) }),
    ...(representative && {
      legalRepresentative: representative.slice(0, IDENTITY_MAX.representative),
    }),
  });
}

/**
 * The shop stops naming a company: it sells under the seller's own name again, which the seller
 * types (a person has no legal representative). The address stays for them to correct.
 */
export const sellAsSeller = (db: Db, userId: number) =>
  setLegal(db, userId, { legalName: null, legalRut: null, legalRepresentative: null });
