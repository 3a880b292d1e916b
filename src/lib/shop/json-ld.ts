/** schema.org `Product` with an `Offer` for a public product page (Google's rich results). */
import { schemaAvailability } from '@/lib/shop/stock';

export interface JsonLdProduct {
  name: string;
  description: string;
  price: number;
  stock: number | null;
  url: string;
  images: string[];
  seller: string;
}

export function productJsonLd(p: JsonLdProduct): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    ...(p.description ? { description: p.description } : {}),
    ...(p.images.length ? { image: p.images } : {}),
    url: p.url,
    offers: {
      '@type': 'Offer',
      priceCurrency: 'CLP',
      price: p.price,
      availability: schemaAvailability(p.stock),
      url: p.url,
      ...(p.images.length ? { image: p.images[0] } : {}),
      seller: { '@type': 'Organization', name: p.seller },
    },
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
