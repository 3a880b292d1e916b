/**
 * «No more publicity» (Ley 19.496 art. 28 B; Ley 19.628 as amended by Ley 21.719): a shop's
 * buyer, by e-mail, opted out at a moment. Consent is what the buyer's newest order ticked, unless
 * they opted out after placing it; a later order with the consent ticked opts them back in. Every
 * marketing mail carries a one-click way out (RFC 8058) that needs no sign-in: a link signed for
 * that shop and that buyer.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { marketingOptOuts } from '@/lib/server/db/schema';
import { UNSUBSCRIBE_PATH } from '@/lib/marketing/urls';
import { siteUrl } from '@/lib/server/config';
import { signText } from '@/lib/server/secrets';

/** An e-mail as the customers list groups it (`customers.server.ts` spells it in SQL). */
export const customerEmail = (email: string) => email.trim().toLowerCase();

/** The key of a shop's customer: the customers list's `md5(seller_id || ':' || email)`. */
export const customerKey = (sellerId: number, email: string) =>
  createHash('md5')
    .update(`${sellerId}:${customerEmail(email)}`)
    .digest('hex');

const PURPOSE = 'unsubscribe';

/** The signed token of `sellerId`'s buyer `email`: `{seller}.{customer key}.{signature}`. */
export function unsubscribeToken(sellerId: number, email: string): string {
  const key = customerKey(sellerId, email);
  return `${sellerId}.${key}.${signText(PURPOSE, `${sellerId}.${key}`)}`;
}

/** The shop and customer key a token names, or null when it is not one we signed. */
export function readUnsubscribeToken(token: string): { sellerId: number; key: string } | null {
  const match = /^([1-9]\d{0,9})\.([0-9a-f]{32})\.([\w-]{22})$/.exec(token);
  if (!match) return null;
  const [, seller, key, signature] = match as unknown as [string, string, string, string];
  const expected = Buffer.from(signText(PURPOSE, `${seller}.${key}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { sellerId: Number(seller), key };
}

/** The absolute one-click address for a marketing mail to `email` from `sellerId`'s shop. */
export const unsubscribeUrl = (sellerId: number, email: string) =>
  siteUrl().origin + UNSUBSCRIBE_PATH(unsubscribeToken(sellerId, email));

/** The headers a marketing mail carries so mail apps show «Anular suscripción» (RFC 2369, 8058). */
export const unsubscribeHeaders = (url: string): Record<string, string> => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/**
 * What a mail sent under the buyer's marketing consent adds: its last line, how to say no more
 * (Ley 19.496 art. 28 B), and the headers of the one-click way out.
 */
export function marketingMailParts(
  sellerId: number,
  shopName: string,
  email: string,
): { line: string; headers: Record<string, string> } {
  const url = unsubscribeUrl(sellerId, email);
  return {
    line:
      `Te escribimos porque aceptaste recibir novedades de ${shopName}. ` +
      `Si no quieres recibir más, sal de la lista con un clic: ${url}`,
    headers: unsubscribeHeaders(url),
  };
}

/** Takes `email` off `sellerId`'s list from now on (again: the moment moves to now). */
export async function optOut(db: Db, sellerId: number, email: string): Promise<Date> {
  const [row] = await db
    .insert(marketingOptOuts)
    .values({ sellerId, email: customerEmail(email) })
    .onConflictDoUpdate({
      target: [marketingOptOuts.sellerId, marketingOptOuts.email],
      set: { optedOutAt: sql`now()` },
    })
    .returning({ at: marketingOptOuts.optedOutAt });
  return row!.at;
}

/** When each of `emails` opted out of `sellerId`'s publicity (absent: never). */
export async function optOutsOf(
  db: Db,
  sellerId: number,
  emails: readonly string[],
): Promise<Map<string, Date>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .select({ email: marketingOptOuts.email, at: marketingOptOuts.optedOutAt })
    .from(marketingOptOuts)
    .where(
      and(
        eq(marketingOptOuts.sellerId, sellerId),
        inArray(marketingOptOuts.email, emails.map(customerEmail)),
      ),
    );
  return new Map(rows.map((r) => [r.email, new Date(r.at)]));
}

/** Deletes the opt-outs of `emails` (a buyer's data erased at their request). */
export async function forgetOptOuts(db: Db, sellerId: number, emails: readonly string[]) {
  if (emails.length === 0) return;
  await db
    .delete(marketingOptOuts)
    .where(
      and(
        eq(marketingOptOuts.sellerId, sellerId),
        inArray(marketingOptOuts.email, emails.map(customerEmail)),
      ),
    );
}

/**
 * Whether a consent ticked on an order placed at `placedAt` still holds: not when the buyer
 * opted out at or after it.
 */
export const consentHolds = (
  ticked: boolean,
  placedAt: Date | string,
  optedOutAt: Date | undefined,
) => ticked && !(optedOutAt && optedOutAt.getTime() >= new Date(placedAt).getTime());

/** Whether an order's ticked consent (placed at `placedAt`) still holds for `email`. */
export async function marketingAllowed(
  db: Db,
  sellerId: number,
  order: { email: string; ticked: boolean; placedAt: Date },
): Promise<boolean> {
  if (!order.ticked) return false;
  const at = (await optOutsOf(db, sellerId, [order.email])).get(customerEmail(order.email));
  return consentHolds(true, order.placedAt, at);
}
