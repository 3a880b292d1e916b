/**
 * What a catalogue feed says of a product (Google's product data specification, which Meta's
 * catalogue reads with the same names): one item per variant sold, grouped by `item_group_id`,
 * or one for a product without options. And the reasons a product would be turned away, as the
 * seller's `/canales` page lists them. Pure: the stream (`feeds.server.ts`) feeds it rows.
 */
import { clip } from '@/lib/shop/rich-text';

/** A published product as the feeds read it. */
export interface FeedProduct {
  id: number;
  name: string;
  /** Plain text (`descriptionText`). */
  description: string;
  price: number;
  compareAtPrice: number | null;
  /** null: no limit. */
  stock: number | null;
  brand: string | null;
  gtin: string | null;
  /** Absolute URLs: the product page, its first photo (WebP) and that photo's JPEG (null: none). */
  link: string;
  image: string | null;
  imageJpeg: string | null;
  variants: {
    id: number;
    name: string;
    price: number | null;
    compareAtPrice: number | null;
    stock: number | null;
    sku: string | null;
    enabled: boolean;
  }[];
}

export interface FeedItem {
  id: string;
  groupId: string | null;
  title: string;
  description: string;
  link: string;
  image: string | null;
  imageJpeg: string | null;
  /** What the product costs before a sale; `salePrice` what it costs now (null: no sale). */
  price: number;
  salePrice: number | null;
  /** Whether it can be bought now (each format spells it its own way). */
  inStock: boolean;
  brand: string;
  gtin: string | null;
  sku: string | null;
}

/** Google's limits: a title of at most 150 characters, a description of at most 5,000. */
const TITLE_MAX = 150;
const DESCRIPTION_MAX = 5000;

/**
 * The feed's items of `p`, sold under the shop's name when the product names no brand. A product
 * without a photo is left out: Google and Meta refuse an item without `image_link`, and `/canales`
 * tells the seller why it is missing (`feedProblems`).
 */
export function feedItems(p: FeedProduct, shopName: string): FeedItem[] {
  if (!p.image) return [];
  const base = {
    description: clip(p.description || p.name, DESCRIPTION_MAX),
    link: p.link,
    image: p.image,
    imageJpeg: p.imageJpeg,
    brand: p.brand || shopName,
    gtin: p.gtin,
  };
  const sold = p.variants.filter((v) => v.enabled);
  if (sold.length === 0)
    return [
      {
        ...base,
        ...prices(p.price, p.compareAtPrice),
        id: String(p.id),
        groupId: null,
        title: clip(p.name, TITLE_MAX),
        inStock: inStock(p.stock),
        sku: null,
      },
    ];
  return sold.map((v) => ({
    ...base,
    ...prices(v.price ?? p.price, v.compareAtPrice ?? (v.price === null ? p.compareAtPrice : null)),
    id: `${p.id}-${v.id}`,
    groupId: String(p.id),
    title: clip(`${p.name} (${v.name})`, TITLE_MAX),
    inStock: inStock(v.stock),
    sku: v.sku,
  }));
}

function prices(price: number, compareAt: number | null) {
  return compareAt !== null && compareAt > price
    ? { price: compareAt, salePrice: price }
    : { price, salePrice: null };
}

const inStock = (stock: number | null) => stock === null || stock > 0;

/** `12990 CLP`: the amount as the feeds' `price` spells it (whole pesos, IVA included). */
export const feedPrice = (amount: number) => `${amount} CLP`;

/** Why Google or Meta would turn a product away, in the seller's words; empty: it goes in. */
export function feedProblems(p: Pick<FeedProduct, 'name' | 'price' | 'image'>): string[] {
  const problems: string[] = [];
  if (!p.image) problems.push('No tiene foto: Google y Meta exigen al menos una.');
  if (isShouting(p.name))
    problems.push('El nombre está todo en mayúsculas: escríbelo como una frase.');
  if (!(p.price > 0)) problems.push('No tiene precio.');
  return problems;
}

/** A title written all in capitals (at least four letters, none lower case): Google refuses it. */
function isShouting(name: string): boolean {
  const letters = name.replace(/[^\p{L}]/gu, '');
  return (
    letters.length >= 4 && letters === letters.toUpperCase() && letters !== letters.toLowerCase()
  );
}
