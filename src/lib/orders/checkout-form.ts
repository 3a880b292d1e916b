/**
 * The checkout form's fields: named by their path in `orderCreateSchema` (`buyer.name`,
 * `delivery.comuna`…), so the schema's errors land on the right input with no mapping. The form
 * also asks for the comuna of a delivery, which the API leaves optional.
 */

import { deliverySchema, orderCreateSchema, type OrderCreateInput } from '@/lib/orders/schemas';

export const CHECKOUT_FIELDS = [
  'buyer.name',
  'buyer.email',
  'buyer.phone',
  'delivery.method',
  'delivery.address',
  'delivery.comuna',
  /** Form-only: narrows the comuna list; the comuna names its region. */
  'delivery.region',
  'delivery.pickup_point',
  'payment_method',
  'notes',
  'discount_code',
] as const;

// On the delivery itself, so the comuna's message shows with the others, not after them.
const checkoutSchema = orderCreateSchema.extend({
  delivery: deliverySchema.superRefine((delivery, ctx) => {
    if (delivery.method === 'despacho' && !delivery.comuna)
      ctx.addIssue({ code: 'custom', path: ['comuna'], message: 'Elige la comuna de despacho.' });
  }),
});

/** The order the form describes, validated (throws the schema's ZodError). */
export function checkoutInput(
  draft: Record<string, string>,
  items: { product: number; quantity: number }[],
  site?: number,
): OrderCreateInput {
  const value = (f: (typeof CHECKOUT_FIELDS)[number]) => draft[f] ?? '';
  return checkoutSchema.parse({
    ...(site ? { site } : {}),
    items,
    buyer: { name: value('buyer.name'), email: value('buyer.email'), phone: value('buyer.phone') },
    delivery: {
      method: value('delivery.method') || undefined,
      address: value('delivery.address') || undefined,
      comuna: value('delivery.comuna') || undefined,
      pickup_point: value('delivery.pickup_point') || undefined,
    },
    payment_method: value('payment_method') || undefined,
    notes: value('notes') || undefined,
    discount_code: value('discount_code') || undefined,
  });
}

export type CheckoutErrors = Partial<
  Record<(typeof CHECKOUT_FIELDS)[number] | 'items' | '_', string>
>;
