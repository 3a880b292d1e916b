/** Options and variants: the combinations, finding a variant by its values, and the schemas. */
import { describe, expect, it } from 'vitest';
import {
  combinations,
  optionsSchema,
  variantByValues,
  variantInputSchema,
  variantName,
} from '@/lib/shop/variants';

describe('options and variants', () => {
  it('every combination, the first option varying slowest; none without options', () => {
    expect(
      combinations([
        { name: 'Talla', values: ['S', 'M'] },
        { name: 'Color', values: ['Rojo', 'Azul', 'Negro'] },
      ]).map(variantName),
    ).toEqual(['S / Rojo', 'S / Azul', 'S / Negro', 'M / Rojo', 'M / Azul', 'M / Negro']);
    expect(combinations([])).toEqual([]);
    expect(combinations([{ name: 'Talla', values: ['Única'] }])).toEqual([['Única']]);
  });

  it('finds a variant by its values in any case, and only with all of them', () => {
    const variants = [
      { id: 1, values: ['S', 'Rojo'] },
      { id: 2, values: ['M', 'Rojo'] },
    ];
    expect(variantByValues(variants, ['m', 'ROJO'])?.id).toBe(2);
    expect(variantByValues(variants, ['M'])).toBeUndefined();
    expect(variantByValues(variants, ['M', 'Azul'])).toBeUndefined();
  });

  it('refuses too many options, values or combinations, twins and «/», in Spanish', () => {
    const messages = (input: unknown) =>
      optionsSchema.safeParse(input).error?.issues.map((i) => i.message) ?? [];
    const values = (n: number) => Array.from({ length: n }, (_, i) => `V${i}`);
    expect(messages([{ name: 'Talla', values: [' S ', 'M'] }])).toEqual([]);
    expect(optionsSchema.parse([{ name: ' Talla ', values: [' S '] }])).toEqual([
      { name: 'Talla', values: ['S'] },
    ]);
    expect(messages([{ name: 'Talla', values: ['S', 's'] }])).toEqual(['Un valor está repetido.']);
    expect(messages([{ name: 'Talla', values: ['S/M'] }])).toEqual([
      'Un valor no puede llevar «/».',
    ]);
    expect(messages([{ name: 'Talla', values: [] }])).toEqual([
      'Escribe al menos un valor para cada opción.',
    ]);
    expect(messages([{ name: 'Talla', values: values(21) }])).toEqual([
      'Cada opción puede tener hasta 20 valores.',
    ]);
    expect(
      messages([
        { name: 'Talla', values: ['S'] },
        { name: 'talla', values: ['M'] },
      ]),
    ).toEqual(['Dos opciones tienen el mismo nombre.']);
    expect(
      messages([
        { name: 'A', values: values(10) },
        { name: 'B', values: values(11) },
      ]),
    ).toEqual(['Las opciones dan más de 100 combinaciones: usa menos valores.']);
    expect(messages(['a', 'b', 'c', 'd'].map((name) => ({ name, values: ['x'] })))).toContain(
      'Un producto puede tener hasta 3 opciones.',
    );
  });

  it('a variant from a form: blank is the product’s, amounts in pesos', () => {
    expect(
      variantInputSchema.parse({ values: ['M'], price: '$14.990', stock: '', sku: ' ', image: '' }),
    ).toEqual({ values: ['M'], price: 14990, stock: null, sku: null, image: null });
    expect(variantInputSchema.safeParse({ values: ['M'], stock: '1,5' }).success).toBe(false);
  });
});
