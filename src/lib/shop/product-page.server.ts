/**
 * What a product's public page says about it to search engines and link previews, the same on
 * the main domains (`/shop/{id}`) and on the seller's site (`/shop/{slug}`): only the URL differs.
 */
import { formatClp } from '@/lib/money';
import { productJsonLd } from '@/lib/shop/json-ld';
import type { LegalEntity } from '@/lib/shop/legal-entity';
import { productVariantModel } from '@/lib/shop/variant-page';
import type { ProductView } from '@/lib/shop/product-view.server';
import { clip } from '@/lib/shop/rich-text';
import { descriptionText } from '@/lib/shop/rich-text.server';

export interface ProductPageMeta {
  /** The meta description: the description's text, or a sentence built from name, price and shop. */
  summary: string;
  /** The first image as the share image (1200×630 variant), absolute. */
  share?: { url: string; width: number; height: number; alt: string };
  jsonLd: Record<string, unknown>;
  /** With options: the stylesheet that shows the chosen variant (for the page's `<head>`). */
  variantCss?: string;
}

/** `url`: the page's own absolute URL; `origin`: where image paths resolve (the app's media host). */
export function productPageMeta(
  product: ProductView,
  shopName: string,
  legal: LegalEntity | null,
  url: string,
  origin: string,
): ProductPageMeta {
  const absolute = (path: string) => new URL(path, origin).href;
  const first = product.images[0];
  // Parsed once: the summary is the start of the same text.
  const text = descriptionText(product.description, 5000);
  return {
    summary: clip(text, 160) || `${product.name} a ${formatClp(product.price)} en ${shopName}.`,
    share: first?.share_url
      ? { url: absolute(first.share_url), width: 1200, height: 630, alt: first.alt || product.name }
      : undefined,
    variantCss: productVariantModel(product)?.css,
    jsonLd: productJsonLd({
      name: product.name,
      description: text,
      price: product.price,
      stock: product.stock,
      url,
      images: product.images.map((i) => absolute(i.url)),
      seller: { name: shopName, legal },
      ...(product.options.length && {
        group: {
          id: String(product.id),
          options: product.options,
          // Only the combinations the seller sells.
          variants: product.variants
            .filter((v) => v.enabled)
            .map((v) => {
              const image = product.images.find((i) => i.id === v.image);
              return {
                values: v.values,
                price: v.price ?? product.price,
                stock: v.stock,
                sku: v.sku,
                image: image ? absolute(image.url) : null,
              };
            }),
        },
      }),
    }),
  };
}
