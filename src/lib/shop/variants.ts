/**
 * Product options and variants: up to three options (Talla, Color…) with their values in order;
 * every combination is a variant with its own price, compare-at price, stock, SKU and picture.
 * Pure: one schema for the API and the editor's form, the combinations, a variant's name.
 */
import { z } from '@/lib/zod';
import { MAX_ID } from '@/lib/ids';
import { amount, blankToNull, stockField } from '@/lib/shop/fields';

export const MAX_OPTIONS = 3;
export const MAX_VALUES = 20;
export const MAX_VARIANTS = 100;
export const OPTION_NAME_MAX = 30;
export const OPTION_VALUE_MAX = 40;
export const SKU_MAX = 40;

export interface ProductOption {
  name: string;
  values: string[];
}

/** A variant as the API shows it (inside its product). */
export interface VariantView {
  id: number;
  values: string[];
  name: string;
  /** null: the product's price. */
  price: number | null;
  compare_at_price: number | null;
  /** null: sin límite. */
  stock: number | null;
  sku: string | null;
  /** One of the product's images (a media id); null: the product's pictures. */
  image: number | null;
  enabled: boolean;
  version: number;
}

/** `M / Rojo`: how a variant reads in the cart, the order and the mails. */
export const variantName = (values: readonly string[]) => values.join(' / ');

const sameText = (a: string, b: string) => a.localeCompare(b, 'es', { sensitivity: 'base' }) === 0;
const hasTwins = (list: string[]) =>
  list.some((x, i) => list.findIndex((y) => sameText(x, y)) !== i);

const optionValue = z
  .string({ error: 'Escribe cada valor de la opción.' })
  .trim()
  .min(1, 'Escribe cada valor de la opción.')
  .max(OPTION_VALUE_MAX, `Cada valor puede tener como máximo ${OPTION_VALUE_MAX} caracteres.`)
  .refine((v) => !v.includes('/'), 'Un valor no puede llevar «/».');

export const optionSchema = z.object({
  name: z
    .string({ error: 'Escribe el nombre de la opción, como Talla o Color.' })
    .trim()
    .min(1, 'Escribe el nombre de la opción, como Talla o Color.')
    .max(OPTION_NAME_MAX, `El nombre puede tener como máximo ${OPTION_NAME_MAX} caracteres.`),
  values: z
    .array(optionValue, { error: 'Escribe los valores de la opción.' })
    .min(1, 'Escribe al menos un valor para cada opción.')
    .max(MAX_VALUES, `Cada opción puede tener hasta ${MAX_VALUES} valores.`)
    .refine((values) => !hasTwins(values), 'Un valor está repetido.'),
});

export const optionsSchema = z
  .array(optionSchema, { error: 'Las opciones deben ser una lista.' })
  .max(MAX_OPTIONS, `Un producto puede tener hasta ${MAX_OPTIONS} opciones.`)
  .refine(
    (options) => !hasTwins(options.map((o) => o.name)),
    'Dos opciones tienen el mismo nombre.',
  )
  .refine(
    (options) => combinationCount(options) <= MAX_VARIANTS,
    `Las opciones dan más de ${MAX_VARIANTS} combinaciones: usa menos valores.`,
  );

const variantId = z.coerce
  .number({ error: 'Variante no válida.' })
  .int('Variante no válida.')
  .min(1, 'Variante no válida.')
  .max(MAX_ID, 'Variante no válida.');

/** One variant as the seller sends it: the combination it is, and what to set (blank: the product's). */
export const variantInputSchema = z.object({
  values: z.array(z.string({ error: 'Variante no válida.' }).trim(), {
    error: 'Indica la combinación de la variante.',
  }),
  price: z.preprocess(blankToNull, amount('el precio de la variante').nullable()).optional(),
  compare_at_price: z
    .preprocess(blankToNull, amount('el precio anterior de la variante').nullable())
    .optional(),
  stock: stockField.optional(),
  sku: z
    .preprocess(
      blankToNull,
      z
        .string({ error: 'El SKU debe ser un texto.' })
        .trim()
        .max(SKU_MAX, `El SKU puede tener como máximo ${SKU_MAX} caracteres.`)
        .nullable(),
    )
    .optional(),
  image: z.preprocess(blankToNull, variantId.nullable()).optional(),
  enabled: z.boolean({ error: 'Indica si la variante se vende.' }).optional(),
  version: z.number({ error: 'Versión no válida.' }).int().min(0).max(MAX_ID).optional(),
});
export type VariantInput = z.infer<typeof variantInputSchema>;

export const variantsInputSchema = z
  .array(variantInputSchema, { error: 'Las variantes deben ser una lista.' })
  .max(MAX_VARIANTS, `Un producto puede tener hasta ${MAX_VARIANTS} variantes.`);

export function combinationCount(options: readonly ProductOption[]): number {
  return options.length === 0 ? 0 : options.reduce((n, o) => n * o.values.length, 1);
}

/** Every combination of the options' values, the first option varying slowest. */
export function combinations(options: readonly ProductOption[]): string[][] {
  if (options.length === 0) return [];
  return options.reduce<string[][]>(
    (combos, option) => combos.flatMap((combo) => option.values.map((v) => [...combo, v])),
    [[]],
  );
}

/** The variant among `variants` whose values are `values` (any case); undefined: none. */
export function variantByValues<V extends { values: readonly string[] }>(
  variants: readonly V[],
  values: readonly string[],
): V | undefined {
  return variants.find(
    (v) => v.values.length === values.length && v.values.every((x, i) => sameText(x, values[i]!)),
  );
}
