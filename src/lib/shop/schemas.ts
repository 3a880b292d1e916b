/** Shop payloads (zod), shared by the seller's forms and the API. Messages in Spanish. */
import { NO_RETRACTO_KEYS } from '@/lib/shop/no-retracto';
import { idSchema, z } from '@/lib/zod';
import { normalizePhone } from '@/lib/phone';
import { formatRut, isValidRut } from '@/lib/rut';
import { MAX_ID } from '@/lib/ids';

import {
  amount,
  blankToNull,
  brandField,
  gtinField,
  sideField,
  stockField,
  weightField,
} from '@/lib/shop/fields';
import { optionsSchema, variantsInputSchema } from '@/lib/shop/variants';

export { amount, blankToNull, PRICE_MAX, STOCK_MAX } from '@/lib/shop/fields';
export const PRODUCT_NAME_MAX = 120;
export const DESCRIPTION_MAX = 20_000;
export const IMAGES_PER_PRODUCT = 10;
export const CATEGORY_NAME_MAX = 60;
export const CATEGORIES_PER_STORE = 100;

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
  stock: stockField,
  published: z.preprocess(
    (v) => (v === 'on' || v === 'true' ? true : v === 'false' ? false : v),
    z.boolean({ error: 'Indica si el producto está publicado.' }),
  ),
  category: z.preprocess(blankToNull, idSchema('Elige una categoría válida.').nullable()),
  /** Sold without IVA: its sales go on a boleta exenta. */
  tax_exempt: z.preprocess(
    (v) => (v === 'on' || v === 'true' ? true : v === 'false' ? false : v),
    z.boolean({ error: 'Indica si el producto está exento de IVA.' }),
  ),
  /** Why it has no derecho a retracto (`NO_RETRACTO_REASONS`); null: it has one. */
  no_retracto: z.preprocess(
    blankToNull,
    z.enum(NO_RETRACTO_KEYS, { error: 'Elige un motivo de la lista.' }).nullable(),
  ),
  /** For the catalogue feeds: the brand (null: the shop's name) and the barcode. */
  brand: brandField,
  gtin: gtinField,
  /** Its parcel for couriers, grams and cm; null: the shop's default parcel's. */
  weight_g: weightField,
  length_cm: sideField('el largo'),
  width_cm: sideField('el ancho'),
  height_cm: sideField('el alto'),
  images: z
    .array(idSchema('Imagen no válida.'), { error: 'Las imágenes deben ser una lista.' })
    .max(IMAGES_PER_PRODUCT, `Puedes agregar hasta ${IMAGES_PER_PRODUCT} imágenes.`),
  options: optionsSchema,
  /** Only the variants to change; the others keep what they have (see `variants.server.ts`). */
  variants: variantsInputSchema,
};

/** `POST /api/products/`. */
export const productCreateSchema = z.object({
  ...productFields,
  description: productFields.description.default(''),
  compare_at_price: productFields.compare_at_price.optional().default(null),
  stock: productFields.stock.optional().default(null),
  published: productFields.published.optional().default(false),
  category: productFields.category.optional().default(null),
  no_retracto: productFields.no_retracto.optional().default(null),
  tax_exempt: productFields.tax_exempt.optional().default(false),
  brand: productFields.brand.optional().default(null),
  gtin: productFields.gtin.optional().default(null),
  weight_g: productFields.weight_g.optional().default(null),
  length_cm: productFields.length_cm.optional().default(null),
  width_cm: productFields.width_cm.optional().default(null),
  height_cm: productFields.height_cm.optional().default(null),
  images: productFields.images.optional().default([]),
  options: productFields.options.optional().default([]),
  variants: productFields.variants.optional().default([]),
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

type ProductPayload = z.infer<typeof productCreateSchema>;
/** A new product's fields; without options it has no variants. */
type Optional =
  | 'options'
  | 'variants'
  | 'no_retracto'
  | 'tax_exempt'
  | 'brand'
  | 'gtin'
  | 'weight_g'
  | 'length_cm'
  | 'width_cm'
  | 'height_cm';
export type ProductInput = Omit<ProductPayload, Optional> & Partial<Pick<ProductPayload, Optional>>;

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

/** How long each line of who sells may be (a company's file is cut to these when it fills them). */
export const IDENTITY_MAX = { name: 120, address: 200, representative: 120 } as const;

/** An optional line of who sells (Ley 19.496): blank is none. */
const identityText = (what: string, max: number) =>
  z.preprocess(
    blankToNull,
    z
      .string({ error: `${what} debe ser texto.` })
      .trim()
      .max(max, `${what} puede tener como máximo ${max} caracteres.`)
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
  /** Who sells, shown on every shop page (Ley 19.496): a constituted company fills name and RUT. */
  legal_name: identityText('El nombre de quien vende', IDENTITY_MAX.name),
  legal_rut: z.preprocess(
    blankToNull,
    z
      .string({ error: 'Escribe el RUT de quien vende.' })
      .trim()
      .refine(isValidRut, 'Ese RUT no es válido: revisa el dígito verificador.')
      .transform(formatRut)
      .nullable(),
  ),
  legal_address: identityText('El domicilio', IDENTITY_MAX.address),
  legal_representative: identityText('El representante legal', IDENTITY_MAX.representative),
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
