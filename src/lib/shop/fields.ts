/** Fields the shop's payloads share: amounts in pesos, stock, and blank-as-null for forms. */
import { z } from '@/lib/zod';
import { parseClp } from '@/lib/money';

/** Prices and delivery: whole pesos up to $999.999.999. */
export const PRICE_MAX = 999_999_999;
export const STOCK_MAX = 1_000_000;

/** Empty text (a cleared form field) as null. */
export const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** An amount typed as `12.990`, `12990` or `$12.990`, or sent as a number. */
export const amount = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (parseClp(v) ?? v) : v),
    z
      .number({ error: `Escribe ${label} en pesos, por ejemplo 12.990.` })
      .int(`Escribe ${label} en pesos, sin decimales.`)
      .min(0, `${label[0]!.toUpperCase()}${label.slice(1)} no puede ser negativo.`)
      .max(PRICE_MAX, `${label[0]!.toUpperCase()}${label.slice(1)} es demasiado alto.`),
  );

/** Units in stock; blank or null: sin límite. */
export const stockField = z.preprocess(
  blankToNull,
  z.coerce
    .number({
      error: 'Escribe el stock como un número entero, o déjalo vacío si no tiene límite.',
    })
    .int('Escribe el stock como un número entero.')
    .min(0, 'El stock no puede ser negativo.')
    .max(STOCK_MAX, 'El stock es demasiado alto.')
    .nullable(),
);

/** What a seller may type of a parcel (grams, centimetres): what couriers take from a small shop. */
export const PARCEL_LIMITS = {
  weightG: { min: 1, max: 100_000 },
  sideCm: { min: 1, max: 300 },
} as const;

/** A parcel's four measures as form fields: a product's, or a shop's default box. */
export const PARCEL_FIELDS = [
  { name: 'weight_g', label: 'Peso (g)', maxlength: 6 },
  { name: 'length_cm', label: 'Largo (cm)', maxlength: 3 },
  { name: 'width_cm', label: 'Ancho (cm)', maxlength: 3 },
  { name: 'height_cm', label: 'Alto (cm)', maxlength: 3 },
] as const;

/** A parcel's weight in grams; blank: the shop's default parcel's (`shipping/parcel.ts`). */
export const weightField = z.preprocess(
  blankToNull,
  z.coerce
    .number({ error: 'Escribe el peso en gramos, por ejemplo 450.' })
    .int('Escribe el peso en gramos, sin decimales.')
    .min(PARCEL_LIMITS.weightG.min, 'El peso debe ser de al menos 1 gramo.')
    .max(PARCEL_LIMITS.weightG.max, 'El peso puede ser como máximo 100.000 gramos (100 kg).')
    .nullable(),
);

/** One side of a parcel in centimetres; blank: the shop's default parcel's. */
export const sideField = (side: string) =>
  z.preprocess(
    blankToNull,
    z.coerce
      .number({ error: `Escribe ${side} en centímetros, por ejemplo 20.` })
      .int(`Escribe ${side} en centímetros, sin decimales.`)
      .min(
        PARCEL_LIMITS.sideCm.min,
        `${side[0]!.toUpperCase()}${side.slice(1)} debe ser de al menos 1 cm.`,
      )
      .max(
        PARCEL_LIMITS.sideCm.max,
        `${side[0]!.toUpperCase()}${side.slice(1)} puede ser como máximo 300 cm.`,
      )
      .nullable(),
  );

export const BRAND_MAX = 70;

/** The brand the catalogue feeds name; blank: the shop's own name. */
export const brandField = z.preprocess(
  blankToNull,
  z
    .string({ error: 'La marca debe ser texto.' })
    .trim()
    .max(BRAND_MAX, `La marca puede tener como máximo ${BRAND_MAX} caracteres.`)
    .nullable(),
);

/**
 * Whether `code` is a GTIN (the barcode under the product: 8, 12, 13 or 14 digits) whose last
 * digit checks out by GS1's rule (weights 3 and 1 from the right).
 */
export function isValidGtin(code: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(code)) return false;
  const digits = [...code].map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((n, d, i) => n + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/** The barcode, spaces and dashes aside; blank: none. */
export const gtinField = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/[\s-]/g, '') || null : v),
  z
    .string({ error: 'El código de barras debe ser texto.' })
    .refine(isValidGtin, 'Revisa el código de barras: son 8, 12, 13 o 14 dígitos (GTIN/EAN).')
    .nullable(),
);
