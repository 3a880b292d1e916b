/**
 * The options-and-variants form of the product editor, posted as a plain form: its fields named
 * by place (`option-0-name`, `option-0-values`, `variant-3-price`…), read into the API's payload,
 * and filled back from a product or from what was posted. Pure.
 */
import {
  combinations,
  MAX_OPTIONS,
  variantByValues,
  type ProductOption,
  type VariantView,
  variantName,
} from '@/lib/shop/variants';

/** The form's intent, beside the product form's on the same page. */
export const VARIANTS_INTENT = 'variants';

/** The values of an option as typed: `S, M, L`. */
const splitValues = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/** Options as typed in the form's rows (rows with neither name nor values are left out). */
export function typedOptions(rows: readonly { name: string; values: string }[]): ProductOption[] {
  return rows
    .map((row) => ({ name: row.name.trim(), values: splitValues(row.values) }))
    .filter((o) => o.name !== '' || o.values.length > 0);
}

function postedOptions(fields: Record<string, string>): ProductOption[] {
  return typedOptions(
    Array.from({ length: MAX_OPTIONS }, (_, i) => ({
      name: fields[`option-${i}-name`] ?? '',
      values: fields[`option-${i}-values`] ?? '',
    })),
  );
}

/**
 * The grid's rows for the options typed: a row per combination, the one already in `rows` (same
 * values, any case) or a blank one that sells at the product's price.
 */
export function gridRows(
  options: readonly ProductOption[],
  rows: readonly VariantFormRow[],
): VariantFormRow[] {
  const known = rows.map((row) => ({ values: row.values.split('/'), row }));
  return combinations(options).map((values) => {
    const found = variantByValues(known, values)?.row;
    return found
      ? { ...found, name: variantName(values), values: values.join('/') }
      : blankRow(values);
  });
}

function blankRow(values: string[]): VariantFormRow {
  return {
    name: variantName(values),
    values: values.join('/'),
    price: '',
    compare_at_price: '',
    stock: '',
    sku: '',
    image: '',
    enabled: true,
    version: '',
  };
}

/**
 * The payload for `productPatchSchema` from the posted form. Rows of combinations the new options
 * no longer have are dropped (the seller took those values away in the same post).
 */
export function variantFormInput(fields: Record<string, string>) {
  const options = postedOptions(fields);
  const combos = combinations(options).map((values) => ({ values }));
  const variants = postedVariantFields(fields).rows.map((row) => ({
    values: row.values.split('/'),
    price: row.price,
    compare_at_price: row.compare_at_price,
    stock: row.stock,
    sku: row.sku,
    image: row.image,
    enabled: row.enabled,
    ...(row.version && { version: Number(row.version) }),
  }));
  return {
    options,
    variants: variants.filter((v) => variantByValues(combos, v.values)),
    version: Number(fields.version),
  };
}

/** A variant row as the form shows it. */
export interface VariantFormRow {
  name: string;
  values: string;
  price: string;
  compare_at_price: string;
  stock: string;
  sku: string;
  image: string;
  enabled: boolean;
  version: string;
}

const text = (v: number | string | null) => (v === null ? '' : String(v));

/** The form's fields for a product as stored: its options and a row per variant. */
export function variantFormFields(product: { options: ProductOption[]; variants: VariantView[] }): {
  options: { name: string; values: string }[];
  rows: VariantFormRow[];
} {
  return {
    options: Array.from({ length: MAX_OPTIONS }, (_, i) => ({
      name: product.options[i]?.name ?? '',
      values: product.options[i]?.values.join(', ') ?? '',
    })),
    rows: product.variants.map((v) => ({
      name: v.name,
      values: v.values.join('/'),
      price: text(v.price),
      compare_at_price: text(v.compare_at_price),
      stock: text(v.stock),
      sku: text(v.sku),
      image: text(v.image),
      enabled: v.enabled,
      version: String(v.version),
    })),
  };
}

/** The form as it was posted, to show again with its errors. */
export function postedVariantFields(fields: Record<string, string>): {
  options: { name: string; values: string }[];
  rows: VariantFormRow[];
} {
  const rows: VariantFormRow[] = [];
  for (let k = 0; fields[`variant-${k}-values`] !== undefined; k++) {
    const field = (name: string) => fields[`variant-${k}-${name}`] ?? '';
    rows.push({
      name: field('values').split('/').join(' / '),
      values: field('values'),
      price: field('price'),
      compare_at_price: field('compare_at_price'),
      stock: field('stock'),
      sku: field('sku'),
      image: field('image'),
      enabled: field('enabled') === 'on',
      version: field('version'),
    });
  }
  return {
    options: Array.from({ length: MAX_OPTIONS }, (_, i) => ({
      name: fields[`option-${i}-name`] ?? '',
      values: fields[`option-${i}-values`] ?? '',
    })),
    rows,
  };
}
