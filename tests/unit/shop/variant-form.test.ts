/** The editor's options-and-variants form: read into the API's payload and filled back. */
import { describe, expect, it } from 'vitest';
import {
  gridRows,
  postedVariantFields,
  typedOptions,
  variantFormFields,
  variantFormInput,
} from '@/lib/shop/variant-form';

describe('the variants form', () => {
  it('reads options typed with commas and drops rows of combinations taken away', () => {
    const fields = {
      version: '4',
      'option-0-name': ' Talla ',
      'option-0-values': 'S, M,, ',
      'option-1-name': '',
      'option-1-values': '',
      'option-2-name': 'Color',
      'option-2-values': 'Rojo',
      'variant-0-values': 'S/Rojo',
      'variant-0-price': '14.990',
      'variant-0-stock': '',
      'variant-0-enabled': 'on',
      'variant-0-version': '2',
      'variant-1-values': 'L/Rojo',
      'variant-1-stock': '3',
    };
    expect(variantFormInput(fields)).toEqual({
      options: [
        { name: 'Talla', values: ['S', 'M'] },
        { name: 'Color', values: ['Rojo'] },
      ],
      variants: [
        {
          values: ['S', 'Rojo'],
          price: '14.990',
          compare_at_price: '',
          stock: '',
          sku: '',
          image: '',
          enabled: true,
          version: 2,
        },
      ],
      version: 4,
    });
    expect(postedVariantFields(fields).rows.map((r) => [r.name, r.enabled])).toEqual([
      ['S / Rojo', true],
      ['L / Rojo', false],
    ]);
  });

  it('fills the form from a stored product', () => {
    const form = variantFormFields({
      options: [{ name: 'Talla', values: ['S', 'M'] }],
      variants: [
        {
          id: 5,
          name: 'S',
          values: ['S'],
          price: null,
          compare_at_price: null,
          stock: 4,
          sku: 'P-S',
          image: 12,
          enabled: true,
          version: 3,
        },
      ],
    });
    expect(form.options).toEqual([
      { name: 'Talla', values: 'S, M' },
      { name: '', values: '' },
      { name: '', values: '' },
    ]);
    expect(form.rows).toEqual([
      {
        name: 'S',
        values: 'S',
        price: '',
        compare_at_price: '',
        stock: '4',
        sku: 'P-S',
        image: '12',
        enabled: true,
        version: '3',
      },
    ]);
  });

  it('the grid follows the options typed: kept rows keep what was written, new ones are blank', () => {
    const kept = {
      name: 'M / Rojo',
      values: 'M/Rojo',
      price: '21990',
      compare_at_price: '',
      stock: '2',
      sku: '',
      image: '',
      enabled: false,
      version: '3',
    };
    const options = typedOptions([
      { name: 'Talla', values: 'm, L' },
      { name: '', values: '' },
      { name: 'Color', values: 'Rojo' },
    ]);
    expect(options).toEqual([
      { name: 'Talla', values: ['m', 'L'] },
      { name: 'Color', values: ['Rojo'] },
    ]);
    expect(gridRows(options, [kept])).toEqual([
      { ...kept, name: 'm / Rojo', values: 'm/Rojo' },
      {
        name: 'L / Rojo',
        values: 'L/Rojo',
        price: '',
        compare_at_price: '',
        stock: '',
        sku: '',
        image: '',
        enabled: true,
        version: '',
      },
    ]);
    expect(gridRows([], [kept])).toEqual([]);
  });
});
