/**
 * Taking a customer off the shop's publicity: by the seller from the customer's page (the buyer
 * asked by WhatsApp or by answering a mail), or by the buyer from the one-click link every
 * marketing mail carries, which needs no sign-in (`marketing/opt-outs.server.ts`).
 */
import { findCustomer } from '@/lib/customers/customers.server';
import { optOut, readUnsubscribeToken } from '@/lib/marketing/opt-outs.server';
import type { Db } from '@/lib/server/db/client';
import { nullIfNotFound } from '@/lib/server/http/errors';
import { shopCheckout } from '@/lib/shop/shop-checkout.server';

/** The seller takes their customer `key` off their list; anyone else's customer is a 404. */
export async function optOutCustomer(
  db: Db,
  sellerId: number,
  key: string,
): Promise<{ email: string; opted_out_at: string }> {
  const customer = await findCustomer(db, sellerId, key);
  const at = await optOut(db, sellerId, customer.email);
  return { email: customer.email, opted_out_at: at.toISOString() };
}

/** What a one-click link names: the shop's name, or null when the link is not ours or its buyer is gone. */
export async function unsubscribeTarget(
  db: Db,
  token: string,
): Promise<{ sellerId: number; key: string; shopName: string } | null> {
  const named = readUnsubscribeToken(token);
  if (!named) return null;
  const customer = await nullIfNotFound(findCustomer(db, named.sellerId, named.key));
  const shop = customer && (await shopCheckout(db, named.sellerId));
  return shop ? { ...named, shopName: shop.name } : null;
}

/** The buyer's own «no more»: true once recorded, false when the link names nobody we know. */
export async function unsubscribe(db: Db, token: string): Promise<boolean> {
  const target = await unsubscribeTarget(db, token);
  if (!target) return false;
  await optOutCustomer(db, target.sellerId, target.key);
  return true;
}
