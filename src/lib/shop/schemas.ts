/** Shop payloads (zod), shared by the seller's forms and the API. Messages in Spanish. */
import { z } from '@/lib/zod';
import { parseClp } from '@/lib/money';
import { normalizePhone } from '@/lib/phone';
import { MAX_ID } from '@/lib/ids';

/** Prices and delivery: whole pesos up to $999.999.999. */
export const PRICE_MAX = 999_999_999;
export const STOCK_MAX = 1_000_000;
export const PRODUCT_NAME_MAX = 120;
export const DESCRIPTION_MAX = 20_000;
export const IMAGES_PER_PRODUCT = 10;
export const CATEGORY_NAME_MAX = 60;
export const CATEGORIES_PER_STORE = 100;

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

const id = (message: string) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(MAX_ID, message);

export const productNameSchema = z
  .string({ error: 'Escribe el nombre del producto.' })
  .trim()
  .min(1, 'Escribe el nombre del producto.')
  .max(PRODUCT_NAME_MAX, `El nombre puede tener como máximo ${PRODUCT_NAME_MAX} caracteres.`);

const productFields = {
  name: productNameSchema,
  description: z
    .string({ error: 'La descripción debe ser texto.' })
    .max(DESCRIPTION_MAX, 'La descripción es demasiado larga.'),
  price: amount('el precio'),
  compare_at_price: z.preprocess(blankToNull, amount('el precio anterior').nullable()),
  stock: z.preprocess(
    blankToNull,
    z.coerce
      .number({
        error: 'Escribe el stock como un número entero, o déjalo vacío si no tiene límite.',
      })
      .int('Escribe el stock como un número entero.')
      .min(0, 'El stock no puede ser negativo.')
      .max(STOCK_MAX, 'El stock es demasiado alto.')
      .nullable(),
  ),
  published: z.preprocess(
    (v) => (v === 'on' || v === 'true' ? true : v === 'false' ? false : v),
    z.boolean({ error: 'Indica si el producto está publicado.' }),
  ),
  category: z.preprocess(blankToNull, id('Elige una categoría válida.').nullable()),
  images: z
    .array(id('Imagen no válida.'), { error: 'Las imágenes deben ser una lista.' })
    .max(IMAGES_PER_PRODUCT, `Puedes agregar hasta ${IMAGES_PER_PRODUCT} imágenes.`),
};

/** `POST /api/products/`. */
export const productCreateSchema = z.object({
  ...productFields,
  description: productFields.description.default(''),
  compare_at_price: productFields.compare_at_price.optional().default(null),
  stock: productFields.stock.optional().default(null),
  published: productFields.published.optional().default(false),
  category: productFields.category.optional().default(null),
  images: productFields.images.optional().default([]),
});

/** `PATCH /api/products/{id}/`: any field, and the version it was based on. */
export const productPatchSchema = z
  .object(productFields)
  .partial()
  .extend({
    version: z
      .number({ error: 'Falta la versión del producto.' })
      .int('Versión no válida.')
      .min(0, 'Versión no válida.')
      .max(MAX_ID, 'Versión no válida.'),
  });

export type ProductInput = z.infer<typeof productCreateSchema>;

/** The compare-at price is the price before a discount: it must be higher than the price. */
export function compareAtError(price: number, compareAt: number | null): string | null {
  return compareAt !== null && compareAt <= price
    ? 'El precio anterior debe ser mayor que el precio, o déjalo vacío.'
    : null;
}

export const categorySchema = z.object({
  name: z
    .string({ error: 'Escribe el nombre de la categoría.' })
    .trim()
    .min(1, 'Escribe el nombre de la categoría.')
    .max(CATEGORY_NAME_MAX, `El nombre puede tener como máximo ${CATEGORY_NAME_MAX} caracteres.`),
});
export const categoryPatchSchema = z.object({
  name: categorySchema.shape.name.optional(),
  position: z
    .number({ error: 'La posición debe ser un número.' })
    .int()
    .min(0)
    .max(CATEGORIES_PER_STORE)
    .optional(),
});

/** A Chilean mobile for WhatsApp (`+569…`), typed in any common way; empty: none. */
export const whatsappSchema = z.preprocess(
  blankToNull,
  z
    .string({ error: 'Escribe un celular chileno, por ejemplo +56 9 1234 5678.' })
    .transform((v, ctx) => {
      const phone = normalizePhone(v);
      if (!phone?.startsWith('+569')) {
        ctx.addIssue({
          code: 'custom',
          message: 'Escribe un celular chileno, por ejemplo +56 9 1234 5678.',
        });
        return z.NEVER;
      }
      return phone;
    })
    .nullable(),
);

const storeFields = {
  name: z
    .string({ error: 'Escribe el nombre de tu tienda.' })
    .trim()
    .max(80, 'El nombre puede tener como máximo 80 caracteres.'),
  whatsapp: whatsappSchema,
  contact_email: z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .max(254, 'El correo es demasiado largo.')
      .pipe(z.email('Escribe un correo válido, por ejemplo ventas@tutienda.cl.'))
      .nullable(),
  ),
  transfer_details: z
    .string({ error: 'Los datos de transferencia deben ser texto.' })
    .trim()
    .max(1000, 'Los datos de transferencia son demasiado largos.'),
  hold_hours: z.coerce
    .number({ error: 'Escribe cuántas horas reservar el stock.' })
    .int('Escribe un número entero de horas.')
    .min(1, 'Reserva el stock por al menos 1 hora.')
    .max(168, 'Reserva el stock por como máximo 168 horas (una semana).'),
  hold_share: z.coerce
    .number({ error: 'Escribe qué porcentaje del stock puede reservar un cliente.' })
    .int('Escribe un porcentaje entero, de 1 a 100.')
    .min(1, 'Escribe un porcentaje entero, de 1 a 100.')
    .max(100, 'Escribe un porcentaje entero, de 1 a 100.'),
};

/** `PATCH /api/store/`. */
export const storePatchSchema = z
  .object(storeFields)
  .partial()
  .extend({
    version: z
      .number({ error: 'Falta la versión.' })
      .int('Versión no válida.')
      .min(0, 'Versión no válida.')
      .max(MAX_ID, 'Versión no válida.'),
  });

export type StoreSettings = z.infer<z.ZodObject<typeof storeFields>>;

export const mediaAltSchema = z.object({
  alt: z
    .string({ error: 'El texto alternativo debe ser texto.' })
    .trim()
    .max(250, 'El texto alternativo puede tener como máximo 250 caracteres.'),
});
