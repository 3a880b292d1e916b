/**
 * The checkout form's fields: named by their path in `orderCreateSchema` (`buyer.name`,
 * `delivery.comuna`…), so the schema's errors land on the right input with no mapping. The form
 * also asks for the comuna of a delivery, which the API leaves optional.
 */

import { deliverySchema, orderCreateSchema, type OrderCreateInput } from '@/lib/orders/schemas';
import { z } from '@/lib/zod';

export const CHECKOUT_FIELDS = [
  'buyer.name',
  'buyer.email',
  'buyer.phone',
  'delivery.method',
  'delivery.address',
  'delivery.comuna',
  /** The shop's zone rate or a courier, with the price shown (`delivery-options.ts`). */
  'delivery.option',
  /** Form-only: narrows the comuna list; the comuna names its region. */
  'delivery.region',
  'delivery.pickup_point',
  'payment_method',
  'notes',
  'discount_code',
  /** Form-only: the shop's terms accepted, a required checkbox (Ley 19.496); the API's caller accepts by placing. */
  'terms_accepted',
  /** Unticked by default: the shop may write with news and offers. */
  'marketing_consent',
  /** Form-only: `boleta` (default) or `factura`, which asks for the business's details below. */
  'document',
  'invoice.rut',
  'invoice.name',
  'invoice.giro',
  'invoice.address',
  'invoice.comuna',
] as const;

/** Asked at every purchase: never kept with the cart's draft, so a later order starts unticked. */
export const PER_ORDER_FIELDS: readonly string[] = ['terms_accepted', 'marketing_consent'];

/** A ticked checkbox's value. */
const TICKED = 'si';
export const TERMS_REQUIRED = 'Acepta los términos y condiciones de la tienda para confirmar.';

// On the delivery itself, so the comuna's message shows with the others, not after them.
const checkoutSchema = orderCreateSchema.extend({
  delivery: deliverySchema.superRefine((delivery, ctx) => {
    if (delivery.method === 'despacho' && !delivery.comuna)
      ctx.addIssue({ code: 'custom', path: ['comuna'], message: 'Elige la comuna de despacho.' });
  }),
  terms_accepted: z.literal(true, { error: TERMS_REQUIRED }),
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
      option: value('delivery.option') || undefined,
      pickup_point: value('delivery.pickup_point') || undefined,
    },
    payment_method: value('payment_method') || undefined,
    notes: value('notes') || undefined,
    discount_code: value('discount_code') || undefined,
    terms_accepted: value('terms_accepted') === TICKED,
    marketing_consent: value('marketing_consent') === TICKED,
    invoice:
      value('document') === 'factura'
        ? {
            rut: value('invoice.rut'),
            name: value('invoice.name'),
            giro: value('invoice.giro'),
            address: value('invoice.address'),
            comuna: value('invoice.comuna'),
          }
        : undefined,
  });
}

export type CheckoutErrors = Partial<
  Record<(typeof CHECKOUT_FIELDS)[number] | 'items' | '_', string>
>;
