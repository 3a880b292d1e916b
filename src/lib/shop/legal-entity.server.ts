/**
 * A seller's shop takes the legal name and RUT of one of their constituted companies, so its
 * receipts, buyers' mails and product pages' JSON-LD name the company that sells.
 */
import { and, eq, sql } from 'drizzle-orm';
import { COMPANY_NOT_FOUND } from '@/lib/formation/companies.server';
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

async function setLegal(db: Db, userId: number, legal: LegalEntity | null) {
  const columns = { legalName: legal?.name ?? null, legalRut: legal?.rut ?? null };
  await db
    .insert(stores)
    .values({ userId, ...columns, version: 1 })
    .onConflictDoUpdate({
      target: stores.userId,
      set: { ...columns, version: sql`${stores.version} + 1`, updatedAt: sql`now()` },
    });
  await cache.invalidate({ tags: [tags.store(userId)] });
  return legal;
}

/** The shop sells as company `companyId` of the seller: a 404 for another's, 409 before constitution. */
export async function sellAsCompany(db: Db, userId: number, companyId: number) {
  const [company] = await db
    .select({ name: companies.companyName, rut: companies.legalRut, status: companies.status })
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.userId, userId)));
  if (!company) throw new HttpError(404, COMPANY_NOT_FOUND);
  if (company.status !== 'constituida' || !company.rut)
    throw new HttpError(
      409,
      'Esa empresa aún no está constituida: su razón social y RUT llegan al terminar.',
    );
  return setLegal(db, userId, { name: company.name, rut: company.rut });
}

/** The shop stops naming a company (it sells under the seller's name again). */
export const sellAsSeller = (db: Db, userId: number) => setLegal(db, userId, null);
