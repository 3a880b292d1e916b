/** The catalogue feeds' items, rejections and formats (pure). */
import { describe, expect, it } from 'vitest';
import { feedItems, feedProblems, type FeedProduct } from '@/lib/feeds/feed-items';
import { googleFeedHead, googleFeedItem, GOOGLE_FEED_TAIL } from '@/lib/feeds/google-feed';
import { META_FEED_HEAD, metaFeedItem, metaFeedLine } from '@/lib/feeds/meta-feed';
import { feedOfFile, isShopFeedPath, shopFeedPath } from '@/lib/feeds/urls';

const product: FeedProduct = {
  id: 7,
  name: 'Taza',
  description: '',
  price: 5990,
  compareAtPrice: null,
  stock: null,
  brand: null,
  gtin: null,
  link: 'https://tienda.cl/shop/taza',
  image: 'https://tienda.cl/media/a.webp',
  imageJpeg: 'https://tienda.cl/media/a.jpg',
  variants: [],
};

describe('feed items', () => {
  it('one item for a product without options, under the shop’s name, its name as description', () => {
    expect(feedItems(product, 'Loza Sur')).toEqual([
      expect.objectContaining({
        id: '7',
        groupId: null,
        description: 'Taza',
        price: 5990,
        salePrice: null,
        inStock: true,
        brand: 'Loza Sur',
      }),
    ]);
  });

  it('leaves out a product without a photo, which Google and Meta would refuse (issue 63)', () => {
    expect(feedItems({ ...product, image: null, imageJpeg: null }, 'Loza Sur')).toEqual([]);
    expect(feedProblems({ ...product, image: null })).toEqual([
      'No tiene foto: Google y Meta exigen al menos una.',
    ]);
  });

  it('a compare-at price above the price is the price, and the price a sale', () => {
    const [item] = feedItems({ ...product, compareAtPrice: 7990 }, 'x');
    expect([item!.price, item!.salePrice]).toEqual([7990, 5990]);
  });

  it('one item per variant sold, its own price or the product’s, its stock', () => {
    const variant = { compareAtPrice: null, sku: null, enabled: true };
    const items = feedItems(
      {
        ...product,
        variants: [
          { ...variant, id: 1, name: 'Azul', price: null, stock: 0 },
          { ...variant, id: 2, name: 'Roja', price: 6990, stock: 2 },
          { ...variant, id: 3, name: 'Verde', price: null, stock: 5, enabled: false },
        ],
      },
      'x',
    );
    expect(items.map((i) => [i.id, i.groupId, i.title, i.price, i.inStock])).toEqual([
      ['7-1', '7', 'Taza (Azul)', 5990, false],
      ['7-2', '7', 'Taza (Roja)', 6990, true],
    ]);
  });

  it.each([
    [{ name: 'Taza', price: 5990, image: 'x' }, []],
    [{ name: 'Taza', price: 5990, image: null }, ['No tiene foto']],
    [{ name: 'TAZA GRANDE', price: 5990, image: 'x' }, ['mayúsculas']],
    [{ name: 'PC', price: 0, image: 'x' }, ['No tiene precio']],
  ])('%j is turned away for %j', (p, reasons) => {
    const problems = feedProblems(p);
    expect(problems).toHaveLength(reasons.length);
    reasons.forEach((r, i) => expect(problems[i]).toContain(r));
  });
});

describe('feed formats', () => {
  it('Google’s item escapes markup and leaves out empty fields', () => {
    const [item] = feedItems({ ...product, name: 'Taza <grande> & "fina"' }, 'Loza');
    const xml = googleFeedItem(item!);
    expect(xml).toContain('<g:title>Taza &lt;grande&gt; &amp; &quot;fina&quot;</g:title>');
    expect(xml).toContain('<g:price>5990 CLP</g:price>');
    expect(xml).toContain('<g:identifier_exists>no</g:identifier_exists>');
    expect(xml).not.toContain('g:sale_price');
    expect(googleFeedHead({ title: 'A & B', link: 'https://x.cl' })).toContain(
      '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
    );
    expect(GOOGLE_FEED_TAIL).toBe('</channel>\n</rss>\n');
  });

  it('Meta’s line quotes commas and quotes, and gets the JPEG', () => {
    const [item] = feedItems({ ...product, name: 'Taza, "fina"' }, 'Loza');
    expect(metaFeedLine(META_FEED_HEAD)).toMatch(/^id,item_group_id,title,/);
    expect(metaFeedItem(item!)).toBe(
      '7,,"Taza, ""fina""","Taza, ""fina""",in stock,new,5990 CLP,,' +
        'https://tienda.cl/shop/taza,https://tienda.cl/media/a.jpg,Loza,\r\n',
    );
  });

  it('addresses: on a site’s host or under the shop on the main domains', () => {
    expect(shopFeedPath('google', null)).toBe('/feeds/google.xml');
    expect(shopFeedPath('meta', 12)).toBe('/tienda/12/feeds/meta.csv');
    expect(feedOfFile('meta.csv')).toBe('meta');
    expect(feedOfFile('otro.xml')).toBeNull();
    expect(isShopFeedPath('/tienda/12/feeds/google.xml')).toBe(true);
    expect(isShopFeedPath('/tienda/12/terminos')).toBe(false);
  });
});
