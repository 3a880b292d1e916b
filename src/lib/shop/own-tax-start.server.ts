/**
 * A persona natural's own tax start (inicio de actividades): a seller who sells with their own
 * RUN declares it at the SII like a company does, and payment providers ask for it too (Ley
 * 21.713). Recorded on the store for the RUN the shop sells as (`/dashboard/inicio-actividades`,
 * `PUT /api/store/tax-start/`).
 */
import { eq, sql } from 'drizzle-orm';
import { chileDay } from '@/lib/dates';
import { taxStartSchema } from '@/lib/formation/tax-start';
import { isPersonRut } from '@/lib/rut';
import type { Db } from '@/lib/server/db/client';
import { stores } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';

/** Why a shop that does not sell as a person has no tax start of its own to record. */
export const NOT_A_PERSON =
  'Tu tienda no vende como persona natural: indica tu nombre, tu RUT y tu domicilio en la configuración de la tienda.';

/** The persona natural's tax start as the dashboard and its page read it. */
export interface OwnTaxStart {
  name: string;
  rut: string;
  address: string | null;
  /** The day recorded for this RUN; null: not yet. */
  startedOn: string | null;
}

/** The shop's persona natural and their tax start; null when it sells as no person. */
export async function ownTaxStart(db: Db, userId: number): Promise<OwnTaxStart | null> {
  const [row] = await db
    .select({
      name: stores.legalName,
      rut: stores.legalRut,
      address: stores.legalAddress,
      startedOn: stores.taxStartedOn,
      startedRut: stores.taxStartedRut,
    })
    .from(stores)
    .where(eq(stores.userId, userId));
  if (!row?.name || !row.rut || !isPersonRut(row.rut)) return null;
  return {
    name: row.name,
    rut: row.rut,
    address: row.address,
    startedOn: row.startedRut === row.rut ? row.startedOn : null,
  };
}

/**
 * Records the day the shop's persona natural started activities: 409 when the shop sells as no
 * person (or as a company); 400 for a day that does not exist or is ahead.
 */
export async function recordOwnTaxStart(
  db: Db,
  userId: number,
  input: unknown,
): Promise<{ started_on: string }> {
  const person = await ownTaxStart(db, userId);
  if (!person) throw new HttpError(409, NOT_A_PERSON);
  const { started_on } = taxStartSchema(null, chileDay()).parse(input);
  await db
    .update(stores)
    .set({
      taxStartedOn: started_on,
      taxStartedRut: person.rut,
      updatedAt: sql`now()`,
    })
    .where(eq(stores.userId, userId));
  return { started_on };
}
