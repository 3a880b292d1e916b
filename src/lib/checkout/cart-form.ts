/**
 * What the cart's and the checkout's forms post, typed at the edge (the actions in
 * `actions/cart.ts`): each field as the text a form sends, bounded. The services price, check and
 * keep them; the checkout's fields stay text so that a refusal keeps everything typed (the
 * cart's draft), and `checkoutInput` validates the order they describe.
 */
import { CHECKOUT_FIELDS } from '@/lib/checkout/checkout-form';
import { MAX_OPTIONS } from '@/lib/shop/variants';
import { z } from '@/lib/zod';

/** Past what any input of these forms allows (a note's 1,000 characters), never a flood. */
const FIELD_MAX = 5_000;
const text = (max = FIELD_MAX) => z.string().max(max).optional();

/** A product page's or the cart's line: the product, its variant or its options, the units. */
export const cartLineForm = z.object({
  product: text(20),
  variant: text(20),
  quantity: text(6),
  // Each option's chosen value, `opcion-0`…, as the product page names its selects.
  ...Object.fromEntries(Array.from({ length: MAX_OPTIONS }, (_, i) => [`opcion-${i}`, text(200)])),
});
export type CartLineForm = z.output<typeof cartLineForm>;

/** The checkout's fields by their path in the order's schema, and the delivery price it showed. */
export const checkoutForm = z.object({
  ...(Object.fromEntries(CHECKOUT_FIELDS.map((field) => [field, text()])) as Record<
    (typeof CHECKOUT_FIELDS)[number],
    ReturnType<typeof text>
  >),
  'delivery.quote': text(20),
});
export type CheckoutForm = z.output<typeof checkoutForm>;
