/** How two edits of one product combine (the editor's 409 and the stale form post share it). */
import { describe, expect, it } from 'vitest';
import {
  changedFields,
  mergeMessage,
  mergeProductFields,
  productFormFields,
  type ProductFormFields,
} from '@/lib/shop/product-draft';

const stored = {
  name: 'Vela',
  description: '<p>Aroma a lavanda</p>',
  price: 5990,
  compare_at_price: null,
  stock: 3,
  category: null,
  published: false,
  images: [{ id: 4 }, { id: 9 }],
};
const base: ProductFormFields = productFormFields(stored);

describe('product drafts', () => {
  it('shows a stored product as its form does', () => {
    expect(base).toEqual({
      name: 'Vela',
      description: '<p>Aroma a lavanda</p>',
      price: '5.990',
      compare_at_price: '',
      stock: '3',
      category: '',
      no_retracto: '',
      tax_exempt: '',
      brand: '',
      gtin: '',
      weight_g: '',
      length_cm: '',
      width_cm: '',
      height_cm: '',
      published: '',
      images: '4,9',
    });
    expect(productFormFields({ ...stored, no_retracto: 'a_pedido' }).no_retracto).toBe('a_pedido');
    expect(productFormFields({ ...stored, tax_exempt: true }).tax_exempt).toBe('on');
    expect(productFormFields({ ...stored, gtin: '7801234567894' }).gtin).toBe('7801234567894');
    expect(productFormFields({ ...stored, weight_g: 450, height_cm: 12 })).toMatchObject({
      weight_g: '450',
      height_cm: '12',
      length_cm: '',
    });
  });

  it('compares what matters: amounts by digits, descriptions by words', () => {
    expect(
      changedFields({ ...base, price: '5990', description: 'Aroma a   lavanda' }, base),
    ).toEqual([]);
    expect(changedFields({ ...base, price: '6.990', images: '9,4' }, base)).toEqual([
      'price',
      'images',
    ]);
  });

  it('keeps my changes, takes theirs elsewhere, and names a field changed on both sides', () => {
    const mine = { ...base, name: 'Vela de soya', stock: '10' };
    const theirs = { ...base, price: '7.990', stock: '2' };
    const merge = mergeProductFields(mine, base, theirs);
    expect(merge.merged).toEqual({ ...base, name: 'Vela de soya', price: '7.990', stock: '10' });
    expect(merge.taken).toEqual(['price']);
    expect(merge.clashes).toEqual(['stock']);
    expect(mergeMessage(merge)).toBe(
      'Este producto cambió en otra pestaña o dispositivo. Tomamos de allá: precio. ' +
        'Cambió en ambos lados y dejamos lo tuyo: stock. Revisa y guarda.',
    );
  });

  it('is no clash when both sides made the same change', () => {
    const same = { ...base, price: '6.990' };
    expect(mergeProductFields(same, base, { ...base, price: '6990' }).clashes).toEqual([]);
  });
});
