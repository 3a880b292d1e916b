/**
 * The product form as a draft: its fields as the form holds them (strings, as posted), what
 * changed, and how two edits of the same product combine. Shared by the editor's autosave (a 409
 * from the API) and the form post without JavaScript (a stale `version`), so both merge alike.
 */
import { amountFieldValue } from '@/lib/money';

export const PRODUCT_FORM_FIELDS = [
  'name',
  'description',
  'price',
  'compare_at_price',
  'stock',
  'category',
  'no_retracto',
  'tax_exempt',
  'brand',
  'gtin',
  'weight_g',
  'length_cm',
  'width_cm',
  'height_cm',
  'published',
  'images',
] as const;
export type ProductFormField = (typeof PRODUCT_FORM_FIELDS)[number];
/** Checkboxes (`published`, `tax_exempt`) are `on` or empty; `images` media ids, comma-separated. */
export type ProductFormFields = Record<ProductFormField, string>;

/** How people name the fields in messages. */
export const PRODUCT_FIELD_LABELS: Record<ProductFormField, string> = {
  name: 'nombre',
  description: 'descripción',
  price: 'precio',
  compare_at_price: 'precio anterior',
  stock: 'stock',
  category: 'categoría',
  no_retracto: 'derecho a retracto',
  tax_exempt: 'exento de IVA',
  brand: 'marca',
  gtin: 'código de barras',
  weight_g: 'peso',
  length_cm: 'largo',
  width_cm: 'ancho',
  height_cm: 'alto',
  published: 'publicado',
  images: 'imágenes',
};

/** A stored product as its form shows it. */
export function productFormFields(p: {
  name: string;
  description: string;
  price: number;
  compare_at_price: number | null;
  stock: number | null;
  category: number | null;
  no_retracto?: string | null;
  tax_exempt?: boolean;
  brand?: string | null;
  gtin?: string | null;
  weight_g?: number | null;
  length_cm?: number | null;
  width_cm?: number | null;
  height_cm?: number | null;
  published: boolean;
  images: { id: number }[];
}): ProductFormFields {
  return {
    name: p.name,
    description: p.description,
    price: amountFieldValue(p.price),
    compare_at_price: amountFieldValue(p.compare_at_price),
    stock: p.stock === null ? '' : String(p.stock),
    category: p.category === null ? '' : String(p.category),
    no_retracto: p.no_retracto ?? '',
    tax_exempt: p.tax_exempt ? 'on' : '',
    brand: p.brand ?? '',
    gtin: p.gtin ?? '',
    weight_g: p.weight_g == null ? '' : String(p.weight_g),
    length_cm: p.length_cm == null ? '' : String(p.length_cm),
    width_cm: p.width_cm == null ? '' : String(p.width_cm),
    height_cm: p.height_cm == null ? '' : String(p.height_cm),
    published: p.published ? 'on' : '',
    images: p.images.map((i) => i.id).join(','),
  };
}

/** A field's value as it matters: amounts by their digits, the description by its words. */
function comparable(field: ProductFormField, value: string | undefined): string {
  const v = value ?? '';
  if (field === 'price' || field === 'compare_at_price' || field === 'stock')
    return v.replace(/\D/g, '');
  if (field === 'description')
    return v
      .replace(/<[^>]*>/g, ' ')
      .replace(/&nbsp;/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  return v.trim();
}

/** The fields whose values differ between two versions of the form. */
export function changedFields(
  a: Partial<ProductFormFields>,
  b: Partial<ProductFormFields>,
): ProductFormField[] {
  return PRODUCT_FORM_FIELDS.filter((f) => comparable(f, a[f]) !== comparable(f, b[f]));
}

export interface ProductMerge {
  merged: ProductFormFields;
  /** Changed only on the other side: taken from there. */
  taken: ProductFormField[];
  /** Changed on both sides to different values: this side's value kept. */
  clashes: ProductFormField[];
}

/**
 * Lays `mine` (edited from `base`) over `theirs` (the stored product now): a field I changed
 * keeps my value, any other takes theirs. Nothing is dropped without a name in `taken` or `clashes`.
 */
export function mergeProductFields(
  mine: ProductFormFields,
  base: ProductFormFields,
  theirs: ProductFormFields,
): ProductMerge {
  const changedByMe = new Set(changedFields(mine, base));
  const changedByThem = new Set(changedFields(theirs, base));
  const merged = { ...theirs };
  const taken: ProductFormField[] = [];
  const clashes: ProductFormField[] = [];
  for (const field of PRODUCT_FORM_FIELDS) {
    if (changedByMe.has(field)) {
      merged[field] = mine[field];
      if (
        changedByThem.has(field) &&
        comparable(field, mine[field]) !== comparable(field, theirs[field])
      )
        clashes.push(field);
    } else if (changedByThem.has(field)) taken.push(field);
  }
  return { merged, taken, clashes };
}

/** What the person is told after a merge (Spanish). */
export function mergeMessage({ taken, clashes }: Pick<ProductMerge, 'taken' | 'clashes'>): string {
  const names = (fields: ProductFormField[]) =>
    fields.map((f) => PRODUCT_FIELD_LABELS[f]).join(', ');
  const parts = ['Este producto cambió en otra pestaña o dispositivo.'];
  if (taken.length) parts.push(`Tomamos de allá: ${names(taken)}.`);
  if (clashes.length) parts.push(`Cambió en ambos lados y dejamos lo tuyo: ${names(clashes)}.`);
  if (!taken.length && !clashes.length) parts.push('Tus cambios siguen aquí.');
  return `${parts.join(' ')} Revisa y guarda.`;
}
