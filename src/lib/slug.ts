/** Slugs of products and categories: lower-case ASCII words joined by hyphens, unique per seller. */

export const SLUG_MAX = 80;

/** `Panadería Ñuñoa 2x1!` → `panaderia-nunoa-2x1`; never empty (`producto` when nothing is left). */
export function slugify(text: string, fallback = 'producto'): string {
  const slug = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/g, '');
  return slug || fallback;
}

/** `base`, or `base-2`, `base-3`… : the first one not in `taken`. */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = base.slice(0, SLUG_MAX - suffix.length).replace(/-+$/g, '') + suffix;
    if (!taken.has(candidate)) return candidate;
  }
}
