/** Proposing which product a Mercado Libre listing is (issue 66): SKU, GTIN, then the name. */
import { describe, expect, it } from 'vitest';
import { propose, type Candidate, type Listing } from '@/lib/channels/mercadolibre/matching';

const taza: Candidate = {
  product: 1,
  productName: 'Taza de greda',
  gtin: '7801234567894',
  variants: [],
};
const polera: Candidate = {
  product: 2,
  productName: 'Polera de algodón orgánico',
  gtin: null,
  variants: [
    { id: 21, name: 'M', sku: 'POL-M' },
    { id: 22, name: 'L', sku: null },
  ],
};
const listing = (over: Partial<Listing>): Listing => ({
  itemId: 'MLC1',
  variationId: '',
  title: 'Otra cosa',
  variationName: '',
  sku: null,
  gtin: null,
  quantity: 1,
  ...over,
});

describe('propose', () => {
  it.each([
    ['a GTIN', listing({ gtin: '7801234567894' }), { product: 1, variant: null, by: 'gtin' }],
    [
      'a name, accents and case aside',
      listing({ title: 'TAZA DE GREDA' }),
      { product: 1, variant: null, by: 'nombre' },
    ],
    [
      'a variation by its SKU',
      listing({ variationId: '9', sku: 'pol-m' }),
      { product: 2, variant: 21, by: 'sku' },
    ],
    [
      'a variation by its product and values',
      listing({ variationId: '9', title: 'Polera de algodon organico', variationName: 'L' }),
      { product: 2, variant: 22, by: 'nombre' },
    ],
    ['nothing alike', listing({ title: 'Cuenco' }), null],
    // A listing without variations is never a product with options, nor the reverse.
    [
      'a plain listing named like a product with options',
      listing({ title: 'Polera de algodón orgánico' }),
      null,
    ],
    [
      'a variation named like a plain product',
      listing({ variationId: '9', title: 'Taza de greda', variationName: 'M' }),
      null,
    ],
  ])('%s', (_, l, expected) => {
    expect(propose(l, [taza, polera])).toEqual(expected);
  });
});
