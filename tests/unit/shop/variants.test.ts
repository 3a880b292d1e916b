/**
 * Options and variants: the combinations, finding a variant by its values, the schemas, the
 * product page's zero-JS choice and its ProductGroup JSON-LD.
 */
import { describe, expect, it } from 'vitest';
import { productJsonLd } from '@/lib/shop/json-ld';
import { productVariantModel, variantPageModel } from '@/lib/shop/variant-page';
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

describe('the product page with options', () => {
  const options = [
    { name: 'Talla', values: ['S', 'M'] },
    { name: 'Color', values: ['Rojo', 'Azul'] },
  ];
  const variant = (id: number, values: string[], over: Record<string, unknown> = {}) => ({
    id,
    values,
    price: null,
    compare_at_price: null,
    stock: 3,
    image: null,
    enabled: true,
    ...over,
  });
  const variants = [
    variant(1, ['S', 'Rojo'], { stock: 0 }),
    variant(2, ['S', 'Azul'], { enabled: false }),
    variant(3, ['M', 'Rojo'], { image: 9 }),
    variant(4, ['M', 'Azul']),
  ];

  it('checks the first combination that sells, and hides all but the chosen one by CSS', () => {
    const model = variantPageModel('pd-7', options, variants);
    expect(model.options.map((o) => o.values.filter((v) => v.checked).map((v) => v.value))).toEqual(
      [['M'], ['Rojo']],
    );
    expect(model.options[1]!.values[1]).toEqual({ value: 'Azul', id: 'pd-7-o1-1', checked: false });
    expect(model.variants.map((v) => [v.name, v.buyable])).toEqual([
      ['S / Rojo', false],
      ['S / Azul', false],
      ['M / Rojo', true],
      ['M / Azul', true],
    ]);
    expect(model.css.split('\n')).toContain(
      '#pd-7:has(#pd-7-o0-1:checked):has(#pd-7-o1-0:checked) [data-variant]:not([data-variant="v3"]){display:none}',
    );
    // A variant with its own picture hides the product's first one when chosen.
    expect(model.css).toContain(
      '#pd-7:has(#pd-7-o0-1:checked):has(#pd-7-o1-0:checked) .pd-main{display:none}',
    );
    expect(productVariantModel({ id: 7, options: [], variants: [] })).toBeNull();
  });

  it('describes a ProductGroup to search engines, with the options Google knows', () => {
    const data = productJsonLd({
      name: 'Polera',
      description: '',
      price: 12990,
      stock: null,
      url: 'https://impulsa.cl/shop/7',
      images: ['https://impulsa.cl/media/a.jpg'],
      seller: { name: 'Polerón', legal: null },
      group: {
        id: '7',
        options: [
          { name: 'Talla', values: ['M'] },
          { name: 'Diseño', values: ['Liso'] },
          { name: 'Corte', values: ['Recto'] },
        ],
        variants: [
          { values: ['M', 'Liso', 'Recto'], price: 14990, stock: 0, sku: 'P-M', image: null },
        ],
      },
    });
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ProductGroup',
      name: 'Polera',
      image: ['https://impulsa.cl/media/a.jpg'],
      url: 'https://impulsa.cl/shop/7',
      productGroupID: '7',
      variesBy: ['https://schema.org/size', 'https://schema.org/pattern'],
      hasVariant: [
        {
          '@type': 'Product',
          name: 'Polera M / Liso / Recto',
          sku: 'P-M',
          size: 'M',
          pattern: 'Liso',
          additionalProperty: [{ '@type': 'PropertyValue', name: 'Corte', value: 'Recto' }],
          image: 'https://impulsa.cl/media/a.jpg',
          offers: {
            '@type': 'Offer',
            priceCurrency: 'CLP',
            price: 14990,
            availability: 'https://schema.org/OutOfStock',
            url: 'https://impulsa.cl/shop/7',
            seller: { '@type': 'Organization', name: 'Polerón' },
          },
        },
      ],
    });
  });
});
