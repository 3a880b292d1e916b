/**
 * The product editor in the browser: reads the server-rendered form into draft fields, writes a
 * recovered or merged draft back into it, and keeps the draft on this device between visits.
 */
import { deviceCopies } from '@/lib/autosave/device.client';
import type { ProductFormFields } from '@/lib/shop/product-draft';
import { PRODUCT_FORM_FIELDS } from '@/lib/shop/product-draft';

/** An image as the form holds it (the `images` field carries their ids). */
export interface FormImage {
  id: number;
  url: string;
  alt: string;
}

/** Sent to the form by whoever sets a field an island owns (description, images). */
export const RESTORE_FIELD_EVENT = 'impulsa:restore-field';
export interface RestoreFieldDetail {
  name: string;
  value: string;
  images?: FormImage[];
}

/** The images the form shows now, as the images island lists them on its hidden field. */
export function formImagesOf(form: HTMLFormElement): FormImage[] {
  const field = form.elements.namedItem('images');
  if (!(field instanceof HTMLInputElement)) return [];
  try {
    return JSON.parse(field.dataset.images ?? '[]') as FormImage[];
  } catch {
    return [];
  }
}

/** The draft's checkboxes: `on` when ticked, else empty. */
const CHECKBOXES = ['published', 'tax_exempt'] as const;
const isCheckbox = (f: string) => (CHECKBOXES as readonly string[]).includes(f);

/** The draft fields as the form holds them now. */
export function readProductForm(form: HTMLFormElement): ProductFormFields {
  const data = new FormData(form);
  const text = (name: string) => {
    const v = data.get(name);
    return typeof v === 'string' ? v : '';
  };
  return Object.fromEntries(
    PRODUCT_FORM_FIELDS.map((f) => [
      f,
      isCheckbox(f) ? (data.get(f) === 'on' ? 'on' : '') : text(f),
    ]),
  ) as ProductFormFields;
}

/** Puts draft fields into the form: plain fields directly, island-owned ones through RESTORE_FIELD_EVENT. */
export function writeProductForm(
  form: HTMLFormElement,
  fields: ProductFormFields,
  images: FormImage[],
): void {
  for (const name of [
    'name',
    'price',
    'compare_at_price',
    'stock',
    'category',
    'no_retracto',
    'brand',
    'gtin',
    'weight_g',
    'length_cm',
    'width_cm',
    'height_cm',
  ] as const) {
    const field = form.elements.namedItem(name);
    if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement)
      field.value = fields[name];
  }
  for (const name of CHECKBOXES) {
    const box = form.elements.namedItem(name);
    if (box instanceof HTMLInputElement) box.checked = fields[name] === 'on';
  }
  const send = (detail: RestoreFieldDetail) =>
    form.dispatchEvent(new CustomEvent(RESTORE_FIELD_EVENT, { detail }));
  send({ name: 'description', value: fields.description });
  const byId = new Map(images.map((i) => [String(i.id), i]));
  send({
    name: 'images',
    value: fields.images,
    images: fields.images.split(',').flatMap((id) => byId.get(id) ?? []),
  });
}

/** The draft kept on this device. */
export interface StoredDraft {
  fields: ProductFormFields;
  /** The product as it was stored when these edits started (what a merge compares against). */
  base: ProductFormFields;
  /** Every image the draft may show (ids alone have no picture). */
  images: FormImage[];
  version: number | null;
  editedAt: number;
  dirty: boolean;
}

/** The product form's device copies (localStorage `impulsa:product-draft:{user}:{product}`). */
export const productDrafts = deviceCopies<StoredDraft>('impulsa:product-draft:');

/** One key per account and product (`nuevo` for the new-product form). */
export function draftKey(userId: number, productId: number | null): string {
  return `${userId}:${productId ?? 'nuevo'}`;
}
