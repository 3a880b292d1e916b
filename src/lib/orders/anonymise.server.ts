/**
 * Taking a buyer's personal fields out of orders (Ley 21.719's erasure), while the sale stays: its
 * number, lines, amounts, dates, status and payment are the seller's tax records, and the figures
 * (`/cifras`) read only those. Used by a seller's «Solicitudes de datos» and by account deletion.
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '@/lib/server/db/client';
import { channelOrders, discountUses, orders } from '@/lib/server/db/schema';

/** What an anonymised order says where the buyer's name was. */
export const ANONYMISED_BUYER = 'Datos eliminados';

/** Anonymises the buyer of every order `where` selects; returns how many orders changed. */
export async function anonymiseBuyers(db: Queryable, where: SQL): Promise<number> {
  const changed = await db
    .update(orders)
    .set({
      buyerName: ANONYMISED_BUYER,
      buyerEmail: '',
      buyerPhone: '',
      deliveryAddress: null,
      notes: null,
      sellerNote: null,
      holder: null,
      marketingConsent: false,
      buyerAnonymisedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(where)
    .returning({ id: orders.id });
  if (!changed.length) return 0;
  const ids = changed.map((c) => c.id);
  // A channel's buyer is named by their nickname there too.
  await db
    .update(channelOrders)
    .set({ buyerNickname: null })
    .where(inArray(channelOrders.orderId, ids));
  // The per-buyer count of a discount code keys on the e-mail: each use keeps only its order.
  await db
    .update(discountUses)
    .set({ buyerEmail: sql`'orden-' || ${discountUses.orderId}` })
    .where(inArray(discountUses.orderId, ids));
  return changed.length;
}
