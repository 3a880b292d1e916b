/** Image rules (issue 10, docs/design.md §7 Media): what an upload may be and which variants it becomes. */

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/**
 * A photo posted with the product form itself, before or without JavaScript: a phone's photo as it
 * is (with JavaScript the browser makes it fit first, `fit-photo.client.ts`); decoding stays bounded
 * by `IMAGE_MAX_PIXELS`.
 */
export const PHOTO_FORM_MAX_BYTES = 25 * 1024 * 1024;
export const IMAGE_MAX_PIXELS = 40_000_000;
/** Widths of the srcset; an image narrower than one gets its own width instead of an enlargement. */
export const IMAGE_WIDTHS = [320, 640, 960, 1440] as const;
export const IMAGE_FORMATS = ['avif', 'webp'] as const;
/** The share crop (Open Graph, Twitter card), JPEG because every crawler reads it. */
export const SHARE_SIZE = { width: 1200, height: 630 } as const;

export type ImageType = 'jpeg' | 'png' | 'webp' | 'avif';

export const IMAGE_ERRORS = {
  type: 'Ese archivo no es una imagen JPEG, PNG, WebP o AVIF.',
  size: 'La imagen pesa más de 10 MB. Prueba con una más liviana.',
  formSize: 'La foto pesa más de 25 MB. Prueba con una más liviana.',
  pixels: 'La imagen es demasiado grande (más de 40 megapíxeles). Redúcela e inténtalo de nuevo.',
  broken: 'No pudimos leer esa imagen: parece dañada.',
  missing: 'Adjunta una imagen en el campo «file».',
} as const;

/** The image type by its first bytes (never the name or the declared type); null when it is none we take. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const at = (offset: number, ...values: number[]) =>
    values.every((v, i) => bytes[offset + i] === v);
  if (at(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  // ISO-BMFF: `ftyp` at 4, then a brand of the AVIF family.
  if (at(4, 0x66, 0x74, 0x79, 0x70)) {
    const brand = String.fromCharCode(...bytes.slice(8, 12));
    if (brand === 'avif' || brand === 'avis') return 'avif';
  }
  return null;
}

/** The widths to encode for an image `width` pixels wide: the standard ones it covers, or its own. */
export function variantWidths(width: number): number[] {
  const covered = IMAGE_WIDTHS.filter((w) => w <= width);
  return covered.length ? covered : [width];
}

export interface VariantRef {
  url: string;
  format: string;
  width: number;
}

/** `srcset` of one format's variants: `url 320w, url 640w`. */
export function srcset(variants: readonly VariantRef[], format: string): string {
  return variants
    .filter((v) => v.format === format)
    .sort((a, b) => a.width - b.width)
    .map((v) => `${v.url} ${v.width}w`)
    .join(', ');
}
