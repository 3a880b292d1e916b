/**
 * What a shop offers at checkout and who sells: its name, contact, delivery, hold rules and the
 * payment methods it can take, read in one statement. Checkout, the order book, mails and sites
 * read the shop through this one view.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { jsonColumn } from '@/lib/server/db/queries';
import { orders, stores, users } from '@/lib/server/db/schema';
import type { Tx } from '@/lib/server/db/versioned';
import { deliveryOf, type DeliverySettings } from '@/lib/shop/delivery';
import { identityComplete, legalEntityOf, type LegalEntity } from '@/lib/shop/legal-entity';
import { offeredProvidersPart } from '@/lib/shop/offered.server';
import type { PaymentMethod, RedirectProvider } from '@/lib/shop/payment-methods';

/** What a shop offers at checkout: its name, delivery, and the payment methods it can take. */
export interface ShopCheckout {
  sellerId: number;
  name: string;
  /** The contact the seller typed for buyers to see ('' when none: never her sign-in address). */
  email: string;
  /** Where the shop's own mails go, and buyers' replies: the contact, else her sign-in address. */
  notifyEmail: string;
  whatsapp: string | null;
  transferDetails: string;
  /** Rates by zone, free shipping and pickup points. */
  delivery: DeliverySettings;
  /** The comuna couriers pick up from; null: the shop does not ship by courier (no quote asked). */
  shipFrom: string | null;
  /** Hours an unpaid transfer or WhatsApp order keeps its stock. */
  holdHours: number;
  /** The percent of a product's stock one buyer may hold unpaid. */
  holdShare: number;
  paymentMethods: PaymentMethod[];
  /** The constituted company that sells, once the seller names one. */
  legal: LegalEntity | null;
  /** Whether it says who sells (name, RUT, address): until then it takes no orders. */
  identified: boolean;
  /** Its seller deleted the account: the sales stay, with no one to write to. */
  closed: boolean;
}

export async function shopCheckout(
  db: Db | Tx,
  sellerId: number,
  siteWhatsapp: string | null = null,
): Promise<ShopCheckout | null> {
  const [row] = await db
    .select({
      user: users,
      store: stores,
      providers: jsonColumn(offeredProvidersPart(users.id)),
    })
    .from(users)
    .leftJoin(stores, eq(stores.userId, users.id))
    .where(eq(users.id, sellerId));
  return row ? checkoutOf(sellerId, row, siteWhatsapp) : null;
}

/**
 * The shop as it stood for an order: who sold it then (`orders.sold_by`), whatever the shop names
 * now. A seller who went from persona natural to a company keeps each past sale's seller.
 */
export const shopAtSale = (
  shop: ShopCheckout,
  row: Pick<typeof orders.$inferSelect, 'soldBy'>,
): ShopCheckout => {
  if (!row.soldBy) return shop;
  const legal = row.soldBy as LegalEntity;
  // A closed shop has no name of its own left: the sale names who sold it.
  return { ...shop, legal, ...(shop.closed ? { name: legal.name } : {}) };
};

/** What a shop offers at checkout, from its seller's row and shop settings (none yet: null). */
export function checkoutOf(
  sellerId: number,
  row: {
    user: Pick<typeof users.$inferSelect, 'fullName' | 'email'> &
      Partial<Pick<typeof users.$inferSelect, 'deletedAt'>>;
    store: typeof stores.$inferSelect | null;
    /** The redirect providers whose account was accepted (`offeredProvidersPart`). */
    providers?: RedirectProvider[];
  },
  siteWhatsapp: string | null = null,
): ShopCheckout {
  const whatsapp = siteWhatsapp ?? row.store?.whatsapp ?? null;
  const legal = legalEntityOf(row.store);
  const transferDetails = row.store?.transferDetails.trim() ?? '';
  // Offered when configured: Webpay with the store's own account (so sales are the seller's),
  // once Webpay said it knows the account.
  const webpay =
    row.store?.webpayCommerceCode && row.store.webpaySecret && row.store.webpayCheck === 'ok';
  const paymentMethods: PaymentMethod[] = [
    ...(webpay ? ['webpay' as const] : []),
    ...(row.providers ?? []),
    ...(transferDetails ? ['transferencia' as const] : []),
    ...(whatsapp ? ['whatsapp' as const] : []),
  ];
  // A deleted account's row is a tombstone: its name and address are nobody's to show.
  const closed = Boolean(row.user.deletedAt);
  return {
    sellerId,
    name: closed ? 'Tienda cerrada' : row.store?.name || row.user.fullName,
    email: closed ? '' : row.store?.contactEmail || '',
    notifyEmail: closed ? '' : row.store?.contactEmail || row.user.email,
    closed,
    whatsapp,
    transferDetails,
    delivery: deliveryOf(row.store?.delivery),
    shipFrom: row.store?.shipFrom ?? null,
    holdHours: row.store?.holdHours ?? 24,
    holdShare: row.store?.holdShare ?? 50,
    paymentMethods,
    legal,
    identified: identityComplete(legal),
  };
}
