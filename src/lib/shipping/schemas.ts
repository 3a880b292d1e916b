/** What a seller sends to connect a courier (`/despacho`, `PUT /api/store/shipping/{provider}/`). Pure. */
import { comunaByCode } from '@/lib/chile/regions';
import { MAX_ID } from '@/lib/ids';
import { sideField, weightField } from '@/lib/shop/fields';
import { z } from '@/lib/zod';

const version = z.coerce
  .number({ error: 'Falta la versión.' })
  .int('Versión no válida.')
  .min(0, 'Versión no válida.')
  .max(MAX_ID, 'Versión no válida.');

/** A key the seller pastes: no spaces; empty keeps the stored one (keys are never sent back). */
const secretField = (what: string) =>
  z
    .string({ error: `${what} debe ser texto.` })
    .trim()
    .max(200, `${what} puede tener como máximo 200 caracteres.`)
    .refine((v) => !/\s/.test(v), `${what} no lleva espacios.`)
    .optional()
    .default('');

/**
 * Shipit's pair, from «Configuración → API» in the seller's Shipit account: the account's e-mail
 * and its token.
 */
export const shipitAccountSchema = z.object({
  email: z
    .string({ error: 'Escribe el correo de tu cuenta Shipit.' })
    .trim()
    .min(1, 'Escribe el correo de tu cuenta Shipit.')
    .max(254, 'El correo es demasiado largo.')
    .pipe(z.email('Escribe el correo con que entras a Shipit, por ejemplo tienda@correo.cl.'))
    .transform((v) => v.toLowerCase()),
  token: secretField('El token'),
  version,
});
export type ShipitAccountInput = z.infer<typeof shipitAccountSchema>;

/**
 * Starken's token (Starken Pro, «Integraciones») and, optionally, the agency the seller hands her
 * parcels to (its code); empty: the first agency of her comuna of origin.
 */
export const starkenAccountSchema = z.object({
  agency: z
    .string({ error: 'El código de agencia debe ser texto.' })
    .trim()
    .regex(/^\d{0,10}$/, 'El código de agencia son solo números, por ejemplo 1001.')
    .optional()
    .default(''),
  token: secretField('El token'),
  version,
});
export type StarkenAccountInput = z.infer<typeof starkenAccountSchema>;

/** Chilexpress's two free keys, one per API product (developers.wschilexpress.com). */
export const chilexpressAccountSchema = z.object({
  rating_key: secretField('La clave del Cotizador'),
  coverage_key: secretField('La clave de Coberturas'),
  version,
});
export type ChilexpressAccountInput = z.infer<typeof chilexpressAccountSchema>;

/** Each courier's account form, by its name in the route. */
export const SHIPPING_ACCOUNT_SCHEMAS = {
  shipit: shipitAccountSchema,
  starken: starkenAccountSchema,
  chilexpress: chilexpressAccountSchema,
} as const;
export type ShippingAccountInput =
  ShipitAccountInput | StarkenAccountInput | ChilexpressAccountInput;

/** `DELETE …`: the account's version the disconnection is based on. */
export const shippingAccountRemoveSchema = z.object({ version });

const PARCEL_KEYS = ['weight_g', 'length_cm', 'width_cm', 'height_cm'] as const;
const PARCEL_INCOMPLETE =
  'Completa el peso y las tres medidas de tu caja, o deja las cuatro vacías.';

const comunaCode = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z
    .string({ error: 'Elige la comuna desde donde despachas.' })
    .refine((c) => comunaByCode(c) !== undefined, 'Elige una comuna de la lista.')
    .nullable(),
);

/**
 * Where couriers pick up and what a product without its own size ships in (`/despacho`,
 * `PUT /api/store/shipping/`). The default parcel is all four measures or none (then a 1 kg box of
 * 30 × 20 × 10 cm): a box is not priced from part of it.
 */
export const shippingOriginSchema = z
  .object({
    ship_from: comunaCode.default(null),
    weight_g: weightField.default(null),
    length_cm: sideField('el largo').default(null),
    width_cm: sideField('el ancho').default(null),
    height_cm: sideField('el alto').default(null),
    version,
  })
  .superRefine((v, ctx) => {
    const given = PARCEL_KEYS.filter((k) => v[k] !== null);
    if (given.length > 0 && given.length < PARCEL_KEYS.length)
      for (const key of PARCEL_KEYS)
        if (v[key] === null)
          ctx.addIssue({ code: 'custom', path: [key], message: PARCEL_INCOMPLETE });
  });
export type ShippingOriginInput = z.infer<typeof shippingOriginSchema>;
