/** The cart's and the checkout's forms, typed at the edge (issue 64). */
import { describe, expect, it } from 'vitest';
import { cartLineForm, checkoutForm } from '@/lib/checkout/cart-form';
import { CHECKOUT_FIELDS } from '@/lib/checkout/checkout-form';
import { MAX_OPTIONS } from '@/lib/shop/variants';

describe('the cart and checkout forms', () => {
  it('name a line’s product, variant, units and each option; nothing else goes through', () => {
    const line = cartLineForm.parse({
      product: '12',
      quantity: '2',
      'opcion-0': 'M',
      [`opcion-${MAX_OPTIONS - 1}`]: 'Rojo',
      [`opcion-${MAX_OPTIONS}`]: 'de más',
      _astroAction: 'cart.add',
    });
    expect(line).toEqual({
      product: '12',
      quantity: '2',
      'opcion-0': 'M',
      [`opcion-${MAX_OPTIONS - 1}`]: 'Rojo',
    });
    expect(cartLineForm.safeParse({ product: '1'.repeat(21) }).success).toBe(false);
  });

  it('keep every checkout field as typed text, bounded', () => {
    const typed = Object.fromEntries(CHECKOUT_FIELDS.map((f) => [f, ` ${f} `]));
    expect(checkoutForm.parse({ ...typed, 'delivery.quote': '3990', otro: 'x' })).toEqual({
      ...typed,
      'delivery.quote': '3990',
    });
    const flood = checkoutForm.safeParse({ notes: 'a'.repeat(5_001) });
    expect(flood.success).toBe(false);
    expect(flood.error?.issues[0]?.path).toEqual(['notes']);
  });
});
