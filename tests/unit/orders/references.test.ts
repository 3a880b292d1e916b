/** A payment's reference at its provider, and the order it names (`providers/provider.ts`). */
import { describe, expect, it } from 'vitest';
import { numberOfReference, orderReference } from '@/lib/payments/provider';
import { HAND_PAID_METHODS, paidByProvider } from '@/lib/shop/payment-methods';

describe('payment references', () => {
  it.each([
    [{ number: 'H689-BNA3', paymentReference: null }, 'H689-BNA3'],
    [{ number: 'H689-BNA3', paymentReference: 'H689-BNA3-5' }, 'H689-BNA3-5'],
  ])('%o is sent as %s', (row, sent) => {
    expect(orderReference(row)).toBe(sent);
  });

  it.each(['H689-BNA3', 'H689-BNA3-5', 'H689-BNA3-12'])('%s names order H689-BNA3', (reference) => {
    expect(numberOfReference(reference)).toBe('H689-BNA3');
  });

  it('lets a card replace only the ways the seller marks paid by hand', () => {
    expect(HAND_PAID_METHODS).toEqual(['transferencia', 'whatsapp']);
    expect(HAND_PAID_METHODS.some(paidByProvider)).toBe(false);
  });
});
