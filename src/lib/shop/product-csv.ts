/** The seller's catalogue as a spreadsheet: one line per product, or per variant when it has them. Pure. */
import type { CsvValue } from '@/lib/csv';

/** What the file says of a product (the API's product view has it all). */
export interface ProductCsvFacts {
  id: number;
  name: string;
  price: number;
  compare_at_price: number | null;
  stock: number | null;
  published: boolean;
  tax_exempt: boolean;
  shop_url: string;
  variants: {
    name: string;
    sku: string | null;
    price: number | null;
    compare_at_price: number | null;
    stock: number | null;
    enabled: boolean;
  }[];
}

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
export function productCsvRows(products: readonly ProductCsvFacts[]): CsvValue[][] {
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
