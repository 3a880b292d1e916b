/**
 * A product page with options, without JavaScript: the options are radio groups, and each
 * variant's price, stock, picture and buttons are elements marked `data-variant`; a stylesheet
 * made for the product hides all but those of the combination whose radios are checked (`:has()`).
 * Pure: the page renders what this returns.
 */
import { variantName, type ProductOption } from '@/lib/shop/variants';

export interface PageVariant {
  id: number;
  values: string[];
  price: number | null;
  compare_at_price: number | null;
  stock: number | null;
  image: number | null;
  enabled: boolean;
}

export interface VariantPageModel {
  /** Each option's values, with the radio's id and whether it starts checked. */
  options: {
    name: string;
    field: string;
    values: { value: string; id: string; checked: boolean }[];
  }[];
  /** Each variant with what a buyer needs: its name, price, stock, whether it can be bought. */
  variants: (PageVariant & { name: string; buyable: boolean; marker: string })[];
  /** The stylesheet that shows the chosen combination's elements (scoped to `#${scope}`). */
  css: string;
}

/** The radio id of option `i`'s value `j` inside the page's `scope`. */
const radioId = (scope: string, i: number, j: number) => `${scope}-o${i}-${j}`;

/** The combination first shown: the first one that can be bought, else the first. */
function firstChoice(variants: readonly PageVariant[]): PageVariant | undefined {
  return variants.find((v) => v.enabled && v.stock !== 0) ?? variants[0];
}

export function variantPageModel(
  scope: string,
  options: readonly ProductOption[],
  variants: readonly PageVariant[],
): VariantPageModel {
  const chosen = firstChoice(variants);
  const index = (i: number, value: string) => options[i]!.values.indexOf(value);
  const rules: string[] = [];
  const marked = variants.map((v) => {
    const marker = `v${v.id}`;
    const checked = v.values.map(
      (value, i) => `:has(#${radioId(scope, i, index(i, value))}:checked)`,
    );
    // Hiding the others keeps each element's own display (flex, grid…).
    rules.push(
      `#${scope}${checked.join('')} [data-variant]:not([data-variant="${marker}"]){display:none}`,
    );
    if (v.image !== null) rules.push(`#${scope}${checked.join('')} .pd-main{display:none}`);
    return { ...v, name: variantName(v.values), buyable: v.enabled && v.stock !== 0, marker };
  });
  return {
    options: options.map((option, i) => ({
      name: option.name,
      field: `opcion-${i}`,
      values: option.values.map((value, j) => ({
        value,
        id: radioId(scope, i, j),
        checked: chosen?.values[i] === value,
      })),
    })),
    variants: marked,
    css: rules.join('\n'),
  };
}

/** The product page's model for a product with options; null without them. */
export function productVariantModel(product: {
  id: number;
  options: readonly ProductOption[];
  variants: readonly PageVariant[];
}): VariantPageModel | null {
  if (product.options.length === 0) return null;
  return variantPageModel(productScope(product.id), product.options, product.variants);
}

/** The id of a product page's `<article>`, which its variant stylesheet is scoped to. */
export const productScope = (id: number) => `pd-${id}`;
