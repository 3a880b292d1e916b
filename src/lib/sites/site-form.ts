/**
 * The site page's settings form as the API's PATCH payload: one schema (`sitePatchSchema`) for
 * both, so the form says exactly what the API says.
 */
import { sitePatchSchema } from '@/lib/sites/schemas';

/** The settings form's fields → a validated patch (throws zod's error, which the action renders). */
export function settingsFromForm(fields: Record<string, string>) {
  return sitePatchSchema.parse({
    name: fields.name,
    whatsapp: fields.whatsapp ?? '',
    seo: {
      title: fields.seo_title ?? '',
      description: fields.seo_description ?? '',
      image: fields.seo_image ? Number(fields.seo_image) : null,
    },
    theme: {
      primary: fields.theme_primary,
      background: fields.theme_background,
      font: fields.theme_font,
    },
    version: Number(fields.version),
  });
}
