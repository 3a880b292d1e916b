/**
 * The checkout page's delivery (issue 65): whether the shop delivers at all (zones or a courier),
 * the options for the comuna the buyer chose, and the one checked, whose price the total shows.
 */
import { comunaByCode } from '@/lib/chile/regions';
import {
  deliveryOffer,
  parseOption,
  type DeliveryOffer,
  type DeliveryOption,
} from '@/lib/checkout/delivery-options';
import type { Db } from '@/lib/server/db/client';
import { quoteCheckout } from '@/lib/shipping/quotes.server';
import { deliversAnywhere, type DeliverySettings } from '@/lib/shop/delivery';
import type { Quote } from '@/lib/shop/delivery-quote';

export interface CheckoutDelivery extends DeliveryOffer {
  /** The shop delivers somewhere: by its zones or by a courier. */
  delivers: boolean;
  /** Couriers are among the options: the buyer picks one (radios). */
  byCourier: boolean;
  /** The option checked: the one the buyer chose, else the first; null: none. */
  chosen: DeliveryOption | null;
}

export async function checkoutDelivery(
  db: Db,
  shop: { sellerId: number; delivery: DeliverySettings; shipFrom: string | null },
  form: { method: string; comuna: string; option: string },
  lines: readonly { product: number; quantity: number }[],
  zone: Quote | null,
): Promise<CheckoutDelivery> {
  const comuna = form.comuna ? (comunaByCode(form.comuna)?.comuna.name ?? null) : null;
  // Couriers are asked only for a delivery to a chosen comuna: a reload of a pickup asks nobody.
  const to = form.method === 'despacho' && comuna ? form.comuna : null;
  // A shop without an origin ships by no courier: nothing to ask, not even the database.
  const { byCourier, outcome } = shop.shipFrom
    ? await quoteCheckout(db, shop.sellerId, to, lines)
    : { byCourier: false, outcome: { kind: 'none' as const } };
  const offer = deliveryOffer(zone, outcome, comuna);
  const picked = parseOption(form.option)?.id;
  return {
    ...offer,
    delivers: deliversAnywhere(shop.delivery) || byCourier,
    byCourier,
    chosen: offer.options.find((o) => o.id === picked) ?? offer.options[0] ?? null,
  };
}
