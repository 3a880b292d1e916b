/** Who sells, for a shop page that has not read its store already (a site's page, a legal page). */
import { sellerIdentity, type SellsAs } from '@/lib/shop/legal-entity';
import { shopCheckout } from '@/lib/shop/shop-checkout.server';
import { isPersonRut } from '@/lib/rut';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import type { JsonPart } from '@/lib/server/db/queries';
import { stores } from '@/lib/server/db/schema';

/** The lines every shop page shows in its footer (Ley 19.496); none for a seller without a shop. */
export async function sellerIdentityOf(db: Db, sellerId: number): Promise<string[]> {
  const shop = await shopCheckout(db, sellerId);
  return shop ? sellerIdentity(shop) : [];
}

/** The dashboard: whether the shop says who sells (name, RUT, address), as a part of its statement. */
export function shopIdentifiedPart(sellerId: number): JsonPart<boolean> {
  return {
    sql: sql`select exists (select 1 from ${stores} where ${stores.userId} = ${sellerId} and
      coalesce(${stores.legalName}, '') <> '' and coalesce(${stores.legalRut}, '') <> '' and
      coalesce(${stores.legalAddress}, '') <> '')`,
    read: (yes: boolean) => yes === true,
  };
}

/**
 * Who the shop says sells, as one column of the dashboard's statement: `persona` (a RUN: the
 * seller sells as a persona natural), `empresa` (a company's RUT), or null while it says no one.
 */
export function shopSellsAsPart(sellerId: number): JsonPart<SellsAs | null> {
  return {
    sql: sql`select json_build_object('rut', ${stores.legalRut}, 'startedOn', case when
      ${stores.taxStartedRut} = ${stores.legalRut} then ${stores.taxStartedOn} end) from ${stores}
      where ${stores.userId} = ${sellerId} and coalesce(${stores.legalName}, '') <> '' and
      coalesce(${stores.legalRut}, '') <> '' and coalesce(${stores.legalAddress}, '') <> ''`,
    read: (row: { rut: string; startedOn: string | null } | null) =>
      !row
        ? null
        : isPersonRut(row.rut)
          ? { as: 'persona', startedOn: row.startedOn }
          : { as: 'empresa' },
  };
}
