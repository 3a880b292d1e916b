/** The seller's catalogue as a spreadsheet: one line per product, or per variant when it has them. Pure. */
import type { CsvValue } from '@/lib/csv';
import type { ProductView } from '@/lib/shop/product-view.server';

export const PRODUCT_CSV_HEAD = [
  'ID',
  'Producto',
  'Variante',
  'SKU',
  'Precio',
  'Precio normal',
  'Stock',
  'Publicado',
  'Exento de IVA',
  'Enlace',
] as const;

/** Products as CSV rows; a stock without a limit is left empty, as the form leaves it. */
export function productCsvRows(products: readonly ProductView[]): CsvValue[][] {
  return products.flatMap((p) => {
    const common = (published: boolean) => [
      published ? 'Sí' : 'No',
      p.tax_exempt ? 'Sí' : 'No',
      p.shop_url,
    ];
    if (p.variants.length === 0)
      return [[p.id, p.name, '', '', p.price, p.compare_at_price, p.stock, ...common(p.published)]];
    return p.variants.map((v) => [
      p.id,
      p.name,
      v.name,
      v.sku ?? '',
      v.price ?? p.price,
      v.compare_at_price ?? p.compare_at_price,
      v.stock,
      ...common(p.published && v.enabled),
    ]);
  });
}
