/**
 * What an order costs, reckoned once (issue 47): the checkout page shows it and placing the order
 * charges it, so the buyer reads the number they pay. The lines carry the server's prices
 * (`priceItems`, `cartLines`); the code is priced against them, and delivery against what the
 * products cost after it (free shipping and zones look at that).
 */
import type { DeliverySettings } from '@/lib/shop/delivery';
import { quoteFor, type Quote } from '@/lib/shop/delivery-quote';
import { priceDiscount, type DiscountPrice } from '@/lib/shop/discounts';
import { findDiscount } from '@/lib/shop/discounts.server';
import type { Queryable } from '@/lib/server/db/client';

export interface PricedOrder {
  subtotal: number;
  /** The code as found (null: none typed, or no such code). */
  code: Awaited<ReturnType<typeof findDiscount>>;
  /** What the typed code takes off, or why it takes nothing (null: none typed). */
  discount: DiscountPrice | null;
  /** The products after the discount. */
  products: number;
  /** Delivery to the comuna (null: a comuna is needed first, or no delivery). */
  quote: Quote | null;
}

export async function priceOrder(
  db: Queryable,
  sellerId: number,
  delivery: DeliverySettings,
  lines: { product: number; categoryId: number | null; price: number; quantity: number }[],
  choice: { code?: string | null; comuna?: string | null },
): Promise<PricedOrder> {
  const subtotal = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
  const typed = choice.code?.trim();
  const code = typed ? await findDiscount(db, sellerId, typed) : null;
  const discount = typed ? priceDiscount(code, lines, subtotal) : null;
  const products = subtotal - (discount?.ok ? discount.amount : 0);
  const quote = quoteFor(delivery, choice.comuna || undefined, products);
  return { subtotal, code, discount, products, quote };
}
