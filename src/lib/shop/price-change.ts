/**
 * Whether a product's edit changes a price (issue 67: a catalogue member edits products, stock
 * and photos, but prices only with «Cambiar precios»). Pure: compares the edit with the product
 * as stored; a field sent with its stored value changes nothing.
 */
import { variantByValues, type VariantView } from '@/lib/shop/variants';

interface Priced {
  price?: number;
  compare_at_price?: number | null;
  variants?: readonly {
    values: readonly string[];
    price?: number | null;
    compare_at_price?: number | null;
  }[];
}

export function changesPrice(
  stored: { price: number; compare_at_price: number | null; variants: readonly VariantView[] },
  edit: Priced,
): boolean {
  if (edit.price !== undefined && edit.price !== stored.price) return true;
  if (edit.compare_at_price !== undefined && edit.compare_at_price !== stored.compare_at_price)
    return true;
  return (edit.variants ?? []).some((v) => {
    const was = variantByValues(stored.variants, v.values);
    return (
      (v.price !== undefined && v.price !== (was?.price ?? null)) ||
      (v.compare_at_price !== undefined && v.compare_at_price !== (was?.compare_at_price ?? null))
    );
  });
}
