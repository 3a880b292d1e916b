/**
 * schema.org for a public product page (Google's rich results): a `Product` with an `Offer`, or,
 * for a product with options, a `ProductGroup` whose `hasVariant` lists each combination as a
 * `Product` with its own offer, and `variesBy` the options Google knows (size, color…).
 */
import { schemaAvailability } from '@/lib/shop/stock';
import { variantName, type ProductOption } from '@/lib/shop/variants';
import type { LegalEntity } from '@/lib/shop/legal-entity';

export interface JsonLdProduct {
  name: string;
  description: string;
  price: number;
  stock: number | null;
  url: string;
  images: string[];
  /** The shop, and the constituted company behind it once named (legalName, taxID: its RUT). */
  seller: { name: string; legal: LegalEntity | null };
  /** With options: the group's id, its options and each variant (its own price, stock, SKU, image). */
  group?: {
    id: string;
    options: ProductOption[];
    variants: {
      values: string[];
      price: number;
      stock: number | null;
      sku: string | null;
      image: string | null;
    }[];
  };
}

/** Option names schema.org has a property for (lower case, without accents). */
const VARIES_BY: Record<string, string> = {
  talla: 'size',
  tamano: 'size',
  size: 'size',
  color: 'color',
  colour: 'color',
  material: 'material',
  diseno: 'pattern',
  estampado: 'pattern',
  patron: 'pattern',
};
const propertyOf = (option: string) =>
  VARIES_BY[
    option
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .trim()
  ];

export function productJsonLd(p: JsonLdProduct): Record<string, unknown> {
  if (p.group) return productGroupJsonLd(p, p.group);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    ...(p.description ? { description: p.description } : {}),
    ...(p.images.length ? { image: p.images } : {}),
    url: p.url,
    offers: {
      ...offer(p, p.price, p.stock),
      ...(p.images.length ? { image: p.images[0] } : {}),
    },
  };
}

function offer(p: JsonLdProduct, price: number, stock: number | null) {
  return {
    '@type': 'Offer',
    priceCurrency: 'CLP',
    price,
    availability: schemaAvailability(stock),
    url: p.url,
    seller: {
      '@type': 'Organization',
      name: p.seller.name,
      ...(p.seller.legal && { legalName: p.seller.legal.name, taxID: p.seller.legal.rut }),
    },
  };
}

function productGroupJsonLd(
  p: JsonLdProduct,
  group: NonNullable<JsonLdProduct['group']>,
): Record<string, unknown> {
  const known = group.options.map((o) => propertyOf(o.name));
  return {
    '@context': 'https://schema.org',
    '@type': 'ProductGroup',
    name: p.name,
    ...(p.description ? { description: p.description } : {}),
    ...(p.images.length ? { image: p.images } : {}),
    url: p.url,
    productGroupID: group.id,
    variesBy: [...new Set(known.filter(Boolean))].map((k) => `https://schema.org/${k}`),
    hasVariant: group.variants.map((v) => {
      const others = v.values.flatMap((value, i) =>
        known[i] ? [] : [{ '@type': 'PropertyValue', name: group.options[i]!.name, value }],
      );
      return {
        '@type': 'Product',
        name: `${p.name} ${variantName(v.values)}`,
        ...(v.sku ? { sku: v.sku } : {}),
        ...Object.fromEntries(
          v.values.flatMap((value, i) => (known[i] ? [[known[i], value]] : [])),
        ),
        ...(others.length ? { additionalProperty: others } : {}),
        ...(v.image ? { image: v.image } : p.images.length ? { image: p.images[0] } : {}),
        offers: offer(p, v.price, v.stock),
      };
    }),
  };
}

/**
 * The JSON for a `<script type="application/ld+json">`: `<` is escaped so no text a seller wrote
 * can close the element.
 */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
