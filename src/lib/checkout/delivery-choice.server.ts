/**
 * Step one of placing an order, for its delivery: the shop's zone rate (or the price a seller agreed
 * in a chat), or the courier the buyer chose, priced again for the order's parcel.
 */
import { comunaByCode } from '@/lib/chile/regions';
import { parseOption, SHOP_OPTION, type ChosenCourier } from '@/lib/checkout/delivery-options';
import type { PricedLine } from '@/lib/checkout/pricing.server';
import type { OrderCreateInput } from '@/lib/orders/schemas';
import { prose } from '@/lib/prose';
import type { Db } from '@/lib/server/db/client';
import { HttpError } from '@/lib/server/http/errors';
import { courierSetup, quoteCheckout } from '@/lib/shipping/quotes.server';
import { deliversAnywhere, formatDays } from '@/lib/shop/delivery';
import { chooseDelivery } from '@/lib/shop/delivery-quote';
import type { ShopCheckout } from '@/lib/shop/shop-checkout.server';

export type ChosenDelivery = Extract<ReturnType<typeof chooseDelivery>, { ok: true }>;

/**
 * The delivery the buyer chose, priced now: the shop's zone rate, or a courier's price for the
 * order's parcel (asked again unless quoted minutes ago); `shown` is the price the page showed.
 */
export async function deliverBy(
  db: Db,
  shop: ShopCheckout,
  input: OrderCreateInput,
  lines: PricedLine[],
  products: number,
  /** The price the checkout showed, and an order the seller takes at an agreed price. */
  context: { quotedDelivery?: number | null; bySeller?: { deliveryPrice?: number } },
): Promise<{ delivery: ChosenDelivery; courier: ChosenCourier | null; shown: number | null }> {
  const option = parseOption(input.delivery.option);
  const byCourier =
    input.delivery.method === 'despacho' &&
    !context.bySeller &&
    option &&
    option.id !== SHOP_OPTION;
  if (
    !byCourier &&
    input.delivery.method === 'despacho' &&
    !context.bySeller &&
    !deliversAnywhere(shop.delivery) &&
    (await courierSetup(db, shop.sellerId))
  ) {
    const message = 'Elige con qué courier despachar.';
    throw new HttpError(400, message, { errors: { 'delivery.option': [message] } });
  }
  if (!byCourier) {
    const delivery = chooseDelivery(
      shop.delivery,
      input.delivery,
      products,
      context.bySeller?.deliveryPrice,
    );
    if (!delivery.ok)
      throw new HttpError(400, delivery.message, {
        errors: { [delivery.field]: [delivery.message] },
      });
    const shown = option?.shown ?? context.quotedDelivery ?? null;
    return { delivery, courier: null, shown: context.bySeller ? null : shown };
  }
  const comuna = input.delivery.comuna ? comunaByCode(input.delivery.comuna) : undefined;
  if (!comuna) {
    const message = 'Elige la comuna de despacho.';
    throw new HttpError(400, message, { errors: { 'delivery.comuna': [message] } });
  }
  const { outcome } = await quoteCheckout(db, shop.sellerId, input.delivery.comuna!, lines);
  const quoted =
    outcome.kind === 'options' || outcome.kind === 'unavailable' ? outcome.options : [];
  const found = quoted.find((o) => o.id === option.id);
  if (!found) {
    const message = prose`Esa forma de despacho ya no está disponible para ${comuna.comuna.name}:
      elige otra.`;
    throw new HttpError(400, message, { errors: { 'delivery.option': [message] } });
  }
  return {
    delivery: {
      ok: true,
      price: found.price,
      comuna: input.delivery.comuna!,
      estimate: found.days ? formatDays({ min: found.days, max: found.days }) : null,
      pickupPoint: null,
      zone: comuna.comuna.name,
    },
    courier: {
      provider: found.provider,
      courier: found.courier,
      name: found.name,
      days: found.days,
    },
    shown: option.shown,
  };
}
