/**
 * A shop's delivery by zone: a price and an estimate per region (and per comuna where the seller
 * wants one), a price for the rest of Chile (or none: no delivery there), a free-shipping threshold
 * and the pickup points. One zod schema for `PUT /api/store/delivery/` and the `/despacho` form;
 * the prices a checkout quotes are in `delivery-quote.ts`. Pure.
 */
import { z } from '@/lib/zod';
import { comunaByCode, regionByCode } from '@/lib/chile/regions';
import { MAX_ID } from '@/lib/ids';
import { amount, blankToNull } from '@/lib/shop/schemas';

export const MAX_COMUNA_RATES = 60;
export const MAX_PICKUP_POINTS = 5;
const MAX_DAYS = 60;

/** Business days from order to door: `{min: 2, max: 4}`. */
export interface DaysRange {
  min: number;
  max: number;
}
export interface Rate {
  price: number;
  days: DaysRange | null;
}
export interface PickupPoint {
  name: string;
  address: string;
  hours: string;
}
export interface DeliverySettings {
  /** Every region without its own rate; a null price: no delivery there. */
  rest: { price: number | null; days: DaysRange | null };
  /** Keyed by the region's official code (`13`). */
  regions: Record<string, Rate>;
  /** By the comuna's official code (`13101`); wins over its region. */
  comunas: (Rate & { comuna: string })[];
  /** Orders whose products add up to this pay no delivery. */
  free_from: number | null;
  pickup_points: PickupPoint[];
}

export const NO_DELIVERY: DeliverySettings = {
  rest: { price: null, days: null },
  regions: {},
  comunas: [],
  free_from: null,
  pickup_points: [],
};

const DAYS_MESSAGE = 'Escribe los días hábiles como 3 o 2 a 4.';

/** "3", "2 a 4", "2-4" or `{min, max}` as a range; empty as null. */
const daysSchema = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const text = v.trim();
    if (text === '') return null;
    const match = /^(\d{1,2})\s*(?:(?:a|-|–)\s*(\d{1,2}))?(?:\s*d[ií]as?(?: h[aá]biles?)?)?$/i.exec(
      text,
    );
    if (!match) return text;
    return { min: Number(match[1]), max: Number(match[2] ?? match[1]) };
  },
  z
    .object(
      {
        min: z.number({ error: DAYS_MESSAGE }).int(DAYS_MESSAGE).min(0, DAYS_MESSAGE),
        max: z
          .number({ error: DAYS_MESSAGE })
          .int(DAYS_MESSAGE)
          .max(MAX_DAYS, `El plazo puede ser como máximo ${MAX_DAYS} días.`),
      },
      { error: DAYS_MESSAGE },
    )
    .refine((d) => d.min <= d.max, 'El primer número del plazo debe ser el menor.')
    .nullable()
    .default(null),
);

const rateSchema = z.object({
  price: amount('el costo de despacho'),
  days: daysSchema,
});

const regionCode = z
  .string()
  .refine((code) => regionByCode(code) !== undefined, 'Esa región no existe.');
const comunaRateSchema = rateSchema.extend({
  comuna: z
    .string({ error: 'Elige una comuna de la lista.' })
    .refine((code) => comunaByCode(code) !== undefined, 'Elige una comuna de la lista.'),
});

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} debe ser texto.` })
    .trim()
    .max(max, `${label} puede tener como máximo ${max} caracteres.`);

const pickupSchema = z.object({
  name: text('El nombre del punto', 80).min(1, 'Escribe el nombre del punto de retiro.'),
  address: text('La dirección', 300).min(1, 'Escribe la dirección del punto de retiro.'),
  hours: text('El horario', 200).default(''),
});

/** `PUT /api/store/delivery/` and the `/despacho` form. */
export const deliverySettingsSchema = z.object({
  rest: z
    .object(
      {
        price: z.preprocess(blankToNull, amount('el costo de despacho').nullable()).default(null),
        days: daysSchema,
      },
      { error: 'El despacho general no es válido.' },
    )
    .default({ price: null, days: null }),
  regions: z.record(regionCode, rateSchema, { error: 'Las regiones no son válidas.' }).default({}),
  comunas: z
    .array(comunaRateSchema, { error: 'Las comunas no son válidas.' })
    .max(MAX_COMUNA_RATES, `Puedes fijar como máximo ${MAX_COMUNA_RATES} comunas.`)
    .superRefine((rows, ctx) => {
      const seen = new Set<string>();
      rows.forEach((row, i) => {
        if (seen.has(row.comuna))
          ctx.addIssue({
            code: 'custom',
            path: [i, 'comuna'],
            message: 'Esa comuna ya tiene su costo más arriba.',
          });
        seen.add(row.comuna);
      });
    })
    .default([]),
  free_from: z.preprocess(blankToNull, amount('el monto').nullable()).default(null),
  pickup_points: z
    .array(pickupSchema, { error: 'Los puntos de retiro no son válidos.' })
    .max(MAX_PICKUP_POINTS, `Puedes tener como máximo ${MAX_PICKUP_POINTS} puntos de retiro.`)
    .default([]),
  version: z.coerce
    .number({ error: 'Falta la versión.' })
    .int('Versión no válida.')
    .min(0, 'Versión no válida.')
    .max(MAX_ID, 'Versión no válida.'),
});
export type DeliveryInput = z.infer<typeof deliverySettingsSchema>;

/** The stored settings' shape, built once: `omit` makes (and compiles) a new schema each call. */
const storedDeliverySchema = deliverySettingsSchema.omit({ version: true });

/** The store's stored settings read defensively: anything unreadable counts as not offered. */
export function deliveryOf(stored: unknown): DeliverySettings {
  const parsed = storedDeliverySchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : NO_DELIVERY;
}

/** Whether the shop delivers anywhere at all. */
export function deliversAnywhere(settings: DeliverySettings): boolean {
  return (
    settings.rest.price !== null ||
    Object.keys(settings.regions).length > 0 ||
    settings.comunas.length > 0
  );
}

/** "1 día hábil", "2 a 4 días hábiles". */
export function formatDays(days: DaysRange): string {
  if (days.min === days.max) return `${days.min} ${days.min === 1 ? 'día hábil' : 'días hábiles'}`;
  return `${days.min} a ${days.max} días hábiles`;
}

/** The form field's text for a range: `2 a 4`. */
export function daysFieldValue(days: DaysRange | null): string {
  if (!days) return '';
  return days.min === days.max ? String(days.min) : `${days.min} a ${days.max}`;
}

/** "Local Providencia: Av. Providencia 1234 (Lunes a viernes, 10:00 a 18:00)". */
export function pickupLabel(point: PickupPoint): string {
  return `${point.name}: ${point.address}${point.hours ? ` (${point.hours})` : ''}`;
}
