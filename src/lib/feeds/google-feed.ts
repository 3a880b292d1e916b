/**
 * Google Merchant Center's feed: RSS 2.0 with the `g:` namespace (Google's product data
 * specification), written an item at a time so a catalogue of 100,000 streams. Pure.
 */
import { feedPrice, type FeedItem } from '@/lib/feeds/feed-items';

const G_NAMESPACE = 'http://base.google.com/ns/1.0';

/** XML text: the five characters that mean markup, and no control character XML 1.0 forbids. */
function xml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- characters XML 1.0 does not allow
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

/** The document up to the first item: the shop's name, its address and a line about it. */
export function googleFeedHead(channel: { title: string; link: string }): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<rss version="2.0" xmlns:g="${G_NAMESPACE}">\n<channel>\n` +
    `<title>${xml(channel.title)}</title>\n<link>${xml(channel.link)}</link>\n` +
    `<description>${xml(`Productos de ${channel.title}`)}</description>\n`
  );
}

export const GOOGLE_FEED_TAIL = '</channel>\n</rss>\n';

/** One `<item>`: only the fields that have a value. */
export function googleFeedItem(item: FeedItem): string {
  const fields: [string, string | null][] = [
    ['g:id', item.id],
    ['g:item_group_id', item.groupId],
    ['g:title', item.title],
    ['g:description', item.description],
    ['g:link', item.link],
    ['g:image_link', item.image],
    ['g:price', feedPrice(item.price)],
    ['g:sale_price', item.salePrice === null ? null : feedPrice(item.salePrice)],
    ['g:availability', item.inStock ? 'in_stock' : 'out_of_stock'],
    ['g:condition', 'new'],
    ['g:brand', item.brand],
    ['g:gtin', item.gtin],
    ['g:mpn', item.gtin ? null : item.sku],
    ['g:identifier_exists', item.gtin || item.sku ? null : 'no'],
  ];
  return `<item>\n${fields
    .filter((f): f is [string, string] => f[1] !== null && f[1] !== '')
    .map(([name, value]) => `<${name}>${xml(value)}</${name}>\n`)
    .join('')}</item>\n`;
}
