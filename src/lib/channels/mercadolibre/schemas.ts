/** What a seller sends to link her Mercado Libre listings (`PUT …/links/`). Pure. */
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
