/**
 * The tax start of a user's constituted company: recorded by its owner (the company's page and
 * `PUT /api/companies/{id}/tax-start/`), and read by the dashboard's path as one part.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { chileDay } from '@/lib/dates';
import { COMPANY_NOT_FOUND } from '@/lib/formation/companies.server';
import { taxStartSchema, type TaxStartFacts } from '@/lib/formation/tax-start';
import type { Db } from '@/lib/server/db/client';
import type { JsonPart } from '@/lib/server/db/queries';
import { companies } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';

/**
 * Records the day company `id` started activities. 404 for another user's; 409 before it is
 * constituted; 400 (per field) for a day that does not exist, before its constitution or ahead.
 */
export async function recordTaxStart(
  db: Db,
  userId: number,
  id: number,
  input: unknown,
): Promise<{ started_on: string }> {
  const [company] = await db
    .select({ status: companies.status, constitutedOn: companies.constitutedOn })
    .from(companies)
    .where(and(eq(companies.id, id), eq(companies.userId, userId)));
  if (!company) throw new HttpError(404, COMPANY_NOT_FOUND);
  if (company.status !== 'constituida' || !company.constitutedOn)
    throw new HttpError(409, 'Podrás iniciar actividades cuando tu empresa esté constituida.');
  const { started_on } = taxStartSchema(company.constitutedOn, chileDay()).parse(input);
  await db
    .update(companies)
    .set({ activitiesStartedOn: started_on, updatedAt: new Date() })
    .where(eq(companies.id, id));
  return { started_on };
}

/** The dashboard: the user's latest constituted company and its tax start, as a part. */
export function taxStartPart(userId: number): JsonPart<TaxStartFacts | null> {
  return {
    sql: sql`select json_build_object('company', ${companies.id}, 'constitutedOn',
      ${companies.constitutedOn}, 'startedOn', ${companies.activitiesStartedOn}) from ${companies}
      where ${companies.userId} = ${userId} and ${companies.status} = 'constituida' and
      ${companies.constitutedOn} is not null order by ${desc(companies.constitutedOn)},
      ${desc(companies.id)} limit 1`,
    read: (facts: TaxStartFacts | null) => facts ?? null,
  };
}
