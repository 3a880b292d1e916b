/**
 * An unpaid checkout recovered (`recovery.ts` says when; the mail is `orders/recovery-mail.server.ts`):
 * its link puts the lapsed order's products back in the cart on the host the order
 * was placed on (a custom domain too: the link is built on the order's `origin`), with the
 * buyer's details filled in, then opens the checkout. The order itself stays lapsed: paying is a
 * new order, priced and held anew.
 */
import type { AstroCookies } from 'astro';
import { eq } from 'drizzle-orm';
import {
  cartToken,
  readCart,
  restoreItems,
  saveBuyerDraft,
  syncCartCounts,
} from '@/lib/checkout/cart.server';
import { PAY_PATHS, payPath } from '@/lib/orders/urls';
import type { SiteHost } from '@/lib/hosts';
import type { Db } from '@/lib/server/db/client';
import { orderItems, orders } from '@/lib/server/db/schema';
import { siteForHost } from '@/lib/sites/published.server';

/**
 * `GET /pay/recuperar/{token}`: the order's products back in this browser's cart for its shop,
 * the buyer's details in the checkout's draft when it has none; where to go next, or null (a 404)
 * for an unknown token or an order of another shop than this host's.
 */
export async function restoreOrderCart(
  db: Db,
  at: { host: SiteHost; url: URL; cookies: AstroCookies },
  token: string,
): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{32}$/.test(token)) return null;
  const [order] = await db.select().from(orders).where(eq(orders.receiptToken, token));
  if (!order) return null;
  const site = at.host.kind === 'main' ? null : await siteForHost(db, at.host);
  if (at.host.kind !== 'main' && site?.userId !== order.sellerId) return null;
  const lines = await db
    .select({
      product: orderItems.productId,
      variant: orderItems.variantId,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id));
  const cart = cartToken(at.cookies, at.url, true)!;
  await restoreItems(
    db,
    cart,
    order.sellerId,
    lines.flatMap((l) =>
      l.product === null
        ? []
        : [
            {
              product: l.product,
              quantity: l.quantity,
              ...(l.variant ? { variant: l.variant } : {}),
            },
          ],
    ),
  );
  const draft = (await readCart(db, cart, order.sellerId))?.buyer ?? {};
  if (!draft['buyer.email'])
    await saveBuyerDraft(db, cart, order.sellerId, {
      ...draft,
      'buyer.name': order.buyerName,
      'buyer.email': order.buyerEmail,
      'buyer.phone': order.buyerPhone,
      'delivery.method': order.deliveryMethod,
      ...(order.deliveryAddress ? { 'delivery.address': order.deliveryAddress } : {}),
      ...(order.deliveryComuna ? { 'delivery.comuna': order.deliveryComuna } : {}),
    });
  await syncCartCounts(db, at.cookies, at.url, cart);
  return site ? PAY_PATHS.pay : payPath(order.sellerId);
}
