/** Placing an order, as named steps: price, reserve the stock with the order, open the payment. */
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { formatClp } from '@/lib/money';
import type { ChosenCourier } from '@/lib/checkout/delivery-options';
import { deliverBy, type ChosenDelivery } from '@/lib/checkout/delivery-choice.server';
import { takeDiscountUse } from '@/lib/shop/discounts.server';
import { priceOrder } from '@/lib/checkout/price-order.server';
import { formatOrderNumber, type OrderCreateInput } from '@/lib/orders/schemas';
import { paidByProvider } from '@/lib/shop/payment-methods';
import { isRedirectProvider } from '@/lib/shop/payment-methods';
import { cardHoldMs, startProviderPayment, startWebpayPayment } from '@/lib/payments/start.server';
import { whatsappLink } from '@/lib/shop/whatsapp';
import { orderHoldHours, orderRateLimit, siteUrl } from '@/lib/server/config';
import { hit, type RateRule } from '@/lib/server/rate-limit';
import { siteView } from '@/lib/sites/sites.server';
import type { Db } from '@/lib/server/db/client';
import { isUniqueViolation } from '@/lib/server/db/errors';
import { orderItems, orders, sites } from '@/lib/server/db/schema';
import { SHOP_NOT_IDENTIFIED } from '@/lib/shop/legal-entity';
import { HttpError } from '@/lib/server/http/errors';

import { enqueueOrderMails } from '@/lib/orders/order-mails.server';
import { priceItems, type PricedLine } from '@/lib/checkout/pricing.server';
import { checkHoldShare, stockChanged, takeStock } from '@/lib/orders/stock.server';
import {
  type OrderRow,
  type OrderView,
  itemsOf,
  orderView,
  orderWhatsappText,
} from '@/lib/orders/view.server';
import { type ShopCheckout, shopCheckout } from '@/lib/shop/shop-checkout.server';
import { prose } from '@/lib/prose';

/** The largest total an order may have (Webpay's amounts are integers; ours stay far below int32). */
export const MAX_TOTAL = 999_999_999;
/**
 * Orders hold stock: one address may place only so many an hour (a person buys a few; a script that
 * holds a shop's stock does not).
 */
const orderRate = (): RateRule => ({
  name: 'order:ip',
  windowSeconds: 60 * 60,
  limit: orderRateLimit(),
});

/** Who holds stock, by address, without keeping the address itself. */
const holderOf = (ip: string) =>
  createHash('sha256').update(`holder:${ip}`).digest('base64url').slice(0, 22);

export interface CreatedOrder {
  order: OrderView;
  row: OrderRow;
  shop: ShopCheckout;
  /** Webpay's form and token, for a Webpay order. */
  webpayForm?: { url: string; token: string };
  /** The provider's page where the buyer pays (Flow). */
  redirect?: string;
  whatsappUrl?: string;
}

/** What `createOrder` is told beyond the buyer's input. */
export interface PlacingContext {
  /** Where the buyer is (a site's origin or the app's), for the receipt link and Webpay's return. */
  origin?: string;
  /** The site whose host took the order, if any (then the items must be its seller's). */
  hostSiteId?: number | null;
  clientIp?: string;
  /** The delivery price the checkout showed (null: none shown); the API shows none. */
  quotedDelivery?: number | null;
  /**
   * An order the seller takes (`manual.server.ts`): no rate limit or hold share (those guard
   * against buyers), any method, and the delivery at `deliveryPrice` when the seller set one.
   */
  bySeller?: { deliveryPrice?: number; note?: string | null };
}

/**
 * Places an order in three named steps: `price` (the lines at the server's prices, the code, the
 * delivery, refusals before anything is written), `reserve` (stock taken and the order written in
 * one transaction) and `openPayment` (the provider's payment started after the commit).
 */
export async function createOrder(
  db: Db,
  input: OrderCreateInput,
  context: PlacingContext = {},
): Promise<CreatedOrder> {
  if (!context.bySeller) await hit(db, orderRate(), context.clientIp ?? 'unknown');
  const priced = await price(db, input, context);
  const row = await reserve(db, input, context, priced);
  await stockChanged(
    priced.sellerId,
    priced.lines.filter((l) => l.stock !== null).map((l) => l.product),
  );
  return openPayment(db, input, row, priced);
}

/** An order reckoned and allowed, before anything is written. */
interface Priced {
  sellerId: number;
  lines: PricedLine[];
  siteId: number | null;
  origin: string;
  shop: ShopCheckout;
  subtotal: number;
  total: number;
  discount: { id: number; code: string; amount: number } | null;
  delivery: ChosenDelivery;
  /** The courier the buyer chose; null: the shop's own rate, or pickup. */
  courier: ChosenCourier | null;
  deliveryPrice: number;
  holdMs: number;
}

/** Step 1: the order as the checkout page showed it, made again from the stored prices. */
async function price(db: Db, input: OrderCreateInput, context: PlacingContext): Promise<Priced> {
  const { sellerId, lines } = await priceItems(db, input.items);
  const siteId = input.site ?? context.hostSiteId ?? null;
  let siteWhatsapp: string | null = null;
  let origin = context.origin ?? siteUrl().origin;
  if (siteId !== null) {
    const [site] = await db.select().from(sites).where(eq(sites.id, siteId));
    if (!site || !site.published || site.userId !== sellerId)
      throw new HttpError(400, 'Ese sitio no existe.', {
        errors: { site: ['Ese sitio no existe.'] },
      });
    siteWhatsapp = site.whatsapp;
    origin = context.origin ?? siteView(site).url;
  }
  const shop = (await shopCheckout(db, sellerId, siteWhatsapp))!;
  if (!shop.identified) throw new HttpError(409, SHOP_NOT_IDENTIFIED);
  if (!context.bySeller && !shop.paymentMethods.includes(input.payment_method))
    throw new HttpError(400, 'Esta tienda no recibe ese medio de pago.', {
      errors: { payment_method: ['Esta tienda no recibe ese medio de pago.'] },
    });
  const priced = await priceOrder(db, sellerId, shop.delivery, lines, {
    code: input.discount_code,
    comuna: input.delivery.comuna,
  });
  if (priced.discount && !priced.discount.ok)
    throw new HttpError(400, priced.discount.message, {
      errors: { discount_code: [priced.discount.message] },
    });
  const discountAmount = priced.discount?.ok ? priced.discount.amount : 0;
  const { delivery, courier, shown } = await deliverBy(
    db,
    shop,
    input,
    lines,
    priced.products,
    context,
  );
  if (input.delivery.method === 'despacho' && shown !== null && shown !== delivery.price) {
    const message = prose`El despacho a ${delivery.zone} cuesta
      ${delivery.price ? formatClp(delivery.price) : '$0'}: revisa el total y confirma tu pedido.`;
    throw new HttpError(400, message, { errors: { 'delivery.comuna': [message] } });
  }
  const deliveryPrice = context.bySeller?.deliveryPrice ?? delivery.price;
  const total = priced.products + deliveryPrice;
  if (total > MAX_TOTAL)
    throw new HttpError(400, `El total no puede pasar de ${formatClp(MAX_TOTAL)}.`, {
      errors: { items: [`El total no puede pasar de ${formatClp(MAX_TOTAL)}.`] },
    });
  const holdMs = paidByProvider(input.payment_method)
    ? cardHoldMs(input.payment_method)
    : (orderHoldHours() ?? shop.holdHours) * 3_600_000;
  const code = priced.code;
  return {
    sellerId,
    lines,
    siteId,
    origin,
    shop,
    subtotal: priced.subtotal,
    total,
    discount:
      code && discountAmount ? { id: code.id, code: code.code, amount: discountAmount } : null,
    delivery,
    courier,
    deliveryPrice,
    holdMs,
  };
}

/**
 * Step 2: stock taken and the order written in one transaction, with its discount use, its lines
 * and, unless a provider is to be paid first, its mails. Two orders that draw the same number
 * (1 in 850 billion) draw again.
 */
async function reserve(
  db: Db,
  input: OrderCreateInput,
  context: PlacingContext,
  priced: Priced,
): Promise<OrderRow> {
  const { sellerId, lines, shop, delivery, discount } = priced;
  const holder = context.clientIp ? holderOf(context.clientIp) : null;
  const byProvider = paidByProvider(input.payment_method);
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const left = await takeStock(tx, lines);
        if (!byProvider && !context.bySeller)
          await checkHoldShare(
            tx,
            lines,
            left,
            { sellerId, email: input.buyer.email, address: holder },
            shop.holdShare,
          );
        const [inserted] = await tx
          .insert(orders)
          .values({
            sellerId,
            siteId: priced.siteId,
            number: formatOrderNumber(randomBytes(8)),
            status: 'pendiente_pago',
            paymentMethod: input.payment_method,
            buyerName: input.buyer.name,
            buyerEmail: input.buyer.email,
            buyerPhone: input.buyer.phone,
            deliveryMethod: input.delivery.method,
            deliveryAddress: input.delivery.method === 'despacho' ? input.delivery.address! : null,
            deliveryComuna: delivery.comuna,
            deliveryPrice: priced.deliveryPrice,
            deliveryEstimate: delivery.estimate,
            courier: priced.courier,
            pickupPoint: delivery.pickupPoint,
            notes: input.notes || null,
            sellerNote: context.bySeller?.note ?? null,
            marketingConsent: input.marketing_consent === true,
            invoice: input.invoice ?? null,
            soldBy: shop.legal,
            holder,
            discountCode: discount?.code ?? null,
            discountAmount: discount?.amount ?? 0,
            subtotal: priced.subtotal,
            total: priced.total,
            receiptToken: randomBytes(24).toString('base64url'),
            expiresAt: new Date(Date.now() + priced.holdMs),
            origin: priced.origin,
            webpayState: input.payment_method === 'webpay' ? 'created' : null,
          })
          .returning();
        if (discount) await takeDiscountUse(tx, discount.id, inserted!.id, input.buyer.email);
        await tx.insert(orderItems).values(
          lines.map((l) => ({
            orderId: inserted!.id,
            productId: l.product,
            variantId: l.variant,
            variantName: l.variantName,
            name: l.name,
            unitPrice: l.price,
            quantity: l.quantity,
            noRetracto: l.noRetracto,
            taxExempt: l.taxExempt,
          })),
        );
        // A provider's mails wait for the payment (`settle`); the others go now, with the order.
        if (!byProvider) await enqueueOrderMails(tx, inserted!.id, { event: 'placed' });
        return inserted!;
      });
    } catch (error) {
      if (attempt < 2 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

/** Step 3, after the commit: the provider's payment started, or the WhatsApp link for the chat. */
async function openPayment(
  db: Db,
  input: OrderCreateInput,
  row: OrderRow,
  { shop, origin, holdMs }: Priced,
): Promise<CreatedOrder> {
  const items = (await itemsOf(db, [row.id])).get(row.id)!;
  if (input.payment_method === 'webpay') {
    const started = await startWebpayPayment(db, row, origin);
    return {
      order: orderView(started.row, items),
      row: started.row,
      shop,
      webpayForm: started.form,
    };
  }
  if (isRedirectProvider(input.payment_method)) {
    const redirect = await startProviderPayment(db, row, input.payment_method, origin, holdMs);
    return {
      order: orderView(redirect.row, items),
      row: redirect.row,
      shop,
      redirect: redirect.url,
    };
  }
  const order = orderView(row, items);
  return {
    order,
    row,
    shop,
    whatsappUrl:
      input.payment_method === 'whatsapp' && shop.whatsapp
        ? whatsappLink(shop.whatsapp, orderWhatsappText(order, shop.name))
        : undefined,
  };
}
