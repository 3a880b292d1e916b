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
