/**
 * Meta Commerce Manager's data feed as CSV (its catalogue's field names, which follow Google's):
 * a header, then one line per item. Meta reads `,` as the separator, unlike a spreadsheet set to
 * Spanish, so this file is not `lib/csv.ts`'s. Pure.
 */
import { feedPrice, type FeedItem } from '@/lib/feeds/feed-items';

export const META_FEED_HEAD = [
  'id',
  'item_group_id',
  'title',
  'description',
  'availability',
  'condition',
  'price',
  'sale_price',
  'link',
  'image_link',
  'brand',
  'gtin',
] as const;

/** A field, quoted when it holds a comma, a quote or a line break (RFC 4180). */
function field(value: string | null): string {
  if (value === null) return '';
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** A line of the file, ending in CRLF. */
export const metaFeedLine = (values: readonly (string | null)[]) =>
  values.map(field).join(',') + '\r\n';

/** An item's line, in `META_FEED_HEAD`'s order. */
export function metaFeedItem(item: FeedItem): string {
  return metaFeedLine([
    item.id,
    item.groupId,
    item.title,
    item.description,
    item.inStock ? 'in stock' : 'out of stock',
    'new',
    feedPrice(item.price),
    item.salePrice === null ? null : feedPrice(item.salePrice),
    item.link,
    // Meta takes JPEG or PNG photos: the photo's 1200×630 JPEG, the one shared on social media.
    item.imageJpeg ?? item.image,
    item.brand,
    item.gtin,
  ]);
}
