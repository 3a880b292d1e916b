/** The shop's pure rules: prices, slugs, stock labels, WhatsApp links, JSON-LD, image rules and filters. */
import { describe, expect, it } from 'vitest';
import { formatClp, parseClp } from '@/lib/money';
import { productFilters } from '@/lib/shop/filters';
import { gtinField, isValidGtin, sideField, weightField } from '@/lib/shop/fields';
import { srcset, sniffImageType, variantWidths } from '@/lib/shop/images';
import { jsonLdText, productJsonLd } from '@/lib/shop/json-ld';
import {
  compareAtError,
  productCreateSchema,
  productPatchSchema,
  storePatchSchema,
} from '@/lib/shop/schemas';
import { slugify, uniqueSlug } from '@/lib/slug';
import { stockLabel } from '@/lib/shop/stock';
import { mediaPath, shopProductPath } from '@/lib/shop/urls';
import { productWhatsappText, whatsappLink } from '@/lib/shop/whatsapp';

describe('prices', () => {
  it.each([
    ['12.990', 12990],
    ['12990', 12990],
    ['$12.990', 12990],
    ['$ 1.000.000', 1000000],
    ['0', 0],
  ])('%s is %i pesos', (text, pesos) => expect(parseClp(text)).toBe(pesos));
  it.each(['12,990', '12.99', '1.2345', 'doce', '', '-5', '12 990'])(
    '%s is not an amount',
    (text) => expect(parseClp(text)).toBeNull(),
  );
  it('formats with dots and no decimals', () => {
    expect(formatClp(12990)).toBe('$12.990');
    expect(formatClp(1000000)).toBe('$1.000.000');
    expect(formatClp(0)).toBe('$0');
  });
  it('the schema takes typed prices and refuses the rest in Spanish', () => {
    expect(
      productCreateSchema.parse({
        name: ' Torta ',
        price: '12.990',
        compare_at_price: '',
        stock: '',
      }),
    ).toMatchObject({
      name: 'Torta',
      price: 12990,
      compare_at_price: null,
      stock: null,
      published: false,
      images: [],
    });
    expect(productCreateSchema.safeParse({ name: 'x', price: 1.5 }).error?.issues[0]?.message).toBe(
      'Escribe el precio en pesos, sin decimales.',
    );
    expect(
      productCreateSchema.safeParse({ name: 'x', price: 1_000_000_000 }).error?.issues[0]?.message,
    ).toBe('El precio es demasiado alto.');
    expect(productPatchSchema.safeParse({ price: 1 }).error?.issues[0]?.path).toEqual(['version']);
  });
  it('the compare-at price must be above the price', () => {
    expect(compareAtError(100, 120)).toBeNull();
    expect(compareAtError(100, null)).toBeNull();
    expect(compareAtError(100, 100)).toMatch(/mayor que el precio/);
  });
  it('the store takes a Chilean mobile for WhatsApp only', () => {
    expect(storePatchSchema.parse({ whatsapp: '+56 9 8765 4321', version: 0 }).whatsapp).toBe(
      '+56987654321',
    );
    expect(storePatchSchema.parse({ whatsapp: '', version: 0 }).whatsapp).toBeNull();
    expect(storePatchSchema.safeParse({ whatsapp: '22 123 4567', version: 0 }).success).toBe(false);
  });
});

describe('slugs', () => {
  it.each([
    ['Torta de Mil Hojas', 'torta-de-mil-hojas'],
    ['Pañuelos Ñuñoa — edición 2×1!', 'panuelos-nunoa-edicion-2-1'],
    ['   ', 'producto'],
    ['日本', 'producto'],
    ['a'.repeat(100), 'a'.repeat(80)],
  ])('%s → %s', (name, slug) => expect(slugify(name)).toBe(slug));
  it('takes the first free number', () => {
    expect(uniqueSlug('torta', new Set())).toBe('torta');
    expect(uniqueSlug('torta', new Set(['torta', 'torta-2']))).toBe('torta-3');
    expect(uniqueSlug('a'.repeat(80), new Set(['a'.repeat(80)])).length).toBeLessThanOrEqual(80);
  });
});

describe('stock labels', () => {
  it.each([
    [null, 'Disponible'],
    [0, 'Agotado'],
    [1, 'Última unidad'],
    [3, 'Últimas 3 unidades'],
    [4, 'Disponible'],
  ] as const)('%s → %s', (stock, label) => expect(stockLabel(stock)).toBe(label));
});

describe('WhatsApp links', () => {
  it('wa.me with the digits and the product, price and link prefilled', () => {
    const text = productWhatsappText(
      { name: 'Torta & café', price: 12990 },
      'https://impulsa.cl/shop/7',
    );
    expect(text).toBe('Hola, me interesa «Torta & café» ($12.990). https://impulsa.cl/shop/7');
    expect(whatsappLink('+56987654321', text)).toBe(
      `https://wa.me/56987654321?text=${encodeURIComponent(text)}`,
    );
  });
});

describe('JSON-LD', () => {
  const base = {
    name: 'Torta',
    description: '',
    price: 12990,
    url: 'https://impulsa.cl/shop/7',
    images: ['https://impulsa.cl/media/a.webp'],
    seller: { name: 'Dulces Rosa', legal: null },
  };
  it('a Product with an Offer in CLP and the availability of its stock', () => {
    expect(productJsonLd({ ...base, stock: null })).toMatchObject({
      '@type': 'Product',
      offers: {
        priceCurrency: 'CLP',
        price: 12990,
        availability: 'https://schema.org/InStock',
        url: base.url,
        image: base.images[0],
        seller: { '@type': 'Organization', name: 'Dulces Rosa' },
      },
    });
    expect(
      (productJsonLd({ ...base, stock: 0 }).offers as { availability: string }).availability,
    ).toBe('https://schema.org/OutOfStock');
  });
  it('names the constituted company that sells: its legal name and RUT', () => {
    const ld = productJsonLd({
      ...base,
      stock: 3,
      seller: { name: 'Dulces Rosa', legal: { name: 'Dulces Rosa SpA', rut: '76.123.456-0' } },
    });
    expect((ld.offers as { seller: unknown }).seller).toEqual({
      '@type': 'Organization',
      name: 'Dulces Rosa',
      legalName: 'Dulces Rosa SpA',
      taxID: '76.123.456-0',
    });
  });
  it('no text can close its script element', () => {
    const text = jsonLdText(
      productJsonLd({ ...base, name: '</script><script>alert(1)</script>', stock: 1 }),
    );
    expect(text).not.toContain('<');
    expect(JSON.parse(text).name).toBe('</script><script>alert(1)</script>');
  });
});

describe('images', () => {
  it('are recognised by their bytes', () => {
    expect(sniffImageType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImageType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(
      'png',
    );
    expect(sniffImageType(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(sniffImageType(new TextEncoder().encode('\0\0\0\x1cftypavif'))).toBe('avif');
    expect(
      sniffImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg">')),
    ).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('%PDF-1.7'))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
  it('get the standard widths they cover, never an enlargement', () => {
    expect(variantWidths(4000)).toEqual([320, 640, 960, 1440]);
    expect(variantWidths(700)).toEqual([320, 640]);
    expect(variantWidths(200)).toEqual([200]);
  });
  it('srcset lists one format by width', () => {
    const v = [
      { url: '/media/b.webp', format: 'webp', width: 640 },
      { url: '/media/a.webp', format: 'webp', width: 320 },
      { url: '/media/a.avif', format: 'avif', width: 320 },
    ];
    expect(srcset(v, 'webp')).toBe('/media/a.webp 320w, /media/b.webp 640w');
  });
  it('URLs are built in one place', () => {
    expect(mediaPath('abc', 'jpeg')).toBe('/media/abc.jpg');
    expect(shopProductPath(7)).toBe('/shop/7');
  });
});

describe('catalogue filters', () => {
  it('read the URL, ignoring what is not valid', () => {
    expect(productFilters(new URLSearchParams('q=%20torta%20&category=3&status=draft'))).toEqual({
      q: 'torta',
      category: 3,
      status: 'draft',
    });
    expect(productFilters(new URLSearchParams('category=none'))).toMatchObject({
      category: 'none',
    });
    // A NUL (PostgreSQL refuses it in text) or any control character is dropped; only those: nothing to search.
    expect(productFilters(new URLSearchParams('q=to%00rta')).q).toBe('torta');
    expect(productFilters(new URLSearchParams('q=%00%01')).q).toBeUndefined();
    expect(productFilters(new URLSearchParams('category=abc&status=x&q='))).toEqual({
      q: undefined,
      category: undefined,
      status: undefined,
    });
  });
});

describe('a product’s barcode', () => {
  it.each([
    ['4006381333931', true],
    ['7801234567894', true],
    ['96385074', true],
    ['7801234567893', false],
    ['780123456789', false],
    ['78012345678a', false],
  ])('%s is a GTIN: %s', (code, valid) => {
    expect(isValidGtin(code)).toBe(valid);
  });

  it('reads spaces and dashes as nothing, and blank as none', () => {
    expect(gtinField.parse('780 1234-567894')).toBe('7801234567894');
    expect(gtinField.parse('  ')).toBeNull();
    expect(gtinField.safeParse('123').success).toBe(false);
  });

  it('a parcel: grams and centimetres as whole numbers, blank for the shop default', () => {
    expect(weightField.parse('450')).toBe(450);
    expect(weightField.parse(' ')).toBeNull();
    expect(weightField.parse(null)).toBeNull();
    expect(weightField.safeParse('0').error?.issues[0]?.message).toBe(
      'El peso debe ser de al menos 1 gramo.',
    );
    expect(weightField.safeParse('1,5').error?.issues[0]?.message).toBe(
      'Escribe el peso en gramos, por ejemplo 450.',
    );
    expect(weightField.safeParse(100_001).success).toBe(false);
    expect(sideField('el alto').parse('12')).toBe(12);
    expect(sideField('el alto').safeParse('301').error?.issues[0]?.message).toBe(
      'El alto puede ser como máximo 300 cm.',
    );
    expect(sideField('el largo').safeParse('2.5').error?.issues[0]?.message).toBe(
      'Escribe el largo en centímetros, sin decimales.',
    );
  });
});
