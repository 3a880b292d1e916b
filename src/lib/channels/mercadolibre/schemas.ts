/** What a seller sends to link her Mercado Libre listings (`PUT …/links/`) or publish a product. Pure. */
import { MAX_ID } from '@/lib/ids';
import { z } from '@/lib/zod';

const id = z.coerce
  .number({ error: 'Elige un producto de la lista.' })
  .int('Elige un producto de la lista.')
  .min(1, 'Elige un producto de la lista.')
  .max(MAX_ID, 'Elige un producto de la lista.');

export const linksSchema = z.object({
  links: z
    .array(
      z.object({
        item_id: z
          .string({ error: 'Falta la publicación.' })
          .regex(/^MLC\d{1,15}$/, 'Esa no es una publicación de Mercado Libre Chile.'),
        variation_id: z
          .string()
          .regex(/^\d{1,20}$/, 'Esa variación no existe.')
          .nullable()
          .optional(),
        product: id,
        variant: id.nullable().optional(),
      }),
      { error: 'Los vínculos no son válidos.' },
    )
    .max(1000, 'Puedes vincular como máximo 1000 publicaciones.'),
});
export type LinksInput = z.infer<typeof linksSchema>;

/** A listing's select on the form: `link:{item}:{variation}` → `{product}` or `{product}:{variant}`. */
export const linkField = (itemId: string, variationId: string | null) =>
  `link:${itemId}:${variationId ?? ''}`;

/** The form's selects as `PUT …/links/` takes them; an empty select links nothing. */
export function linksFromForm(fields: Record<string, string>): unknown {
  const links = Object.entries(fields).flatMap(([name, value]) => {
    const field = /^link:(MLC\d{1,15}):(\d{0,20})$/.exec(name);
    const target = /^(\d{1,12})(?::(\d{1,12}))?$/.exec(value);
    if (!field || !target) return [];
    return [
      {
        item_id: field[1],
        variation_id: field[2] || null,
        product: target[1],
        variant: target[2] ?? null,
      },
    ];
  });
  return { links };
}

/** How a listing is sold at Mercado Libre Chile: Clásica, Premium (installments), Gratuita. */
export const LISTING_TYPES = ['gold_special', 'gold_pro', 'free'] as const;
export const LISTING_TYPE_NAMES: Record<(typeof LISTING_TYPES)[number], string> = {
  gold_special: 'Clásica',
  gold_pro: 'Premium (cuotas sin interés)',
  free: 'Gratuita (pocas ventas al año)',
};

/** Publishing one of her products at Mercado Libre (`POST …/publish/`, the form on `/publicar`). */
export const publishSchema = z.object({
  product: id,
  category_id: z
    .string({ error: 'Elige una categoría de Mercado Libre.' })
    .regex(/^MLC\d{1,12}$/, 'Elige una categoría de Mercado Libre.'),
  listing_type_id: z
    .enum(LISTING_TYPES, { error: 'Elige el tipo de publicación.' })
    .default('gold_special'),
  condition: z.enum(['new', 'used'], { error: 'Elige si es nuevo o usado.' }).default('new'),
  /** The category's required attributes by Mercado Libre's id (`BRAND`), as she wrote them. */
  attributes: z
    .record(
      z.string().regex(/^[A-Z0-9_]{2,40}$/, 'Ese dato no existe.'),
      z.string().trim().max(120, 'Cada dato puede tener como máximo 120 caracteres.'),
    )
    .default({}),
});
export type PublishInput = z.infer<typeof publishSchema>;

/** A required attribute's field on the form. */
export const attributeField = (attributeId: string) => `attr.${attributeId}`;

/** The form's fields as `publishSchema` reads them. */
export function publishFromForm(fields: Record<string, string>): unknown {
  const attributes: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields))
    if (name.startsWith('attr.')) attributes[name.slice('attr.'.length)] = value;
  return {
    product: fields.product,
    category_id: fields.category_id,
    listing_type_id: fields.listing_type_id || undefined,
    condition: fields.condition || undefined,
    attributes,
  };
}
