/**
 * The product form's server side: photos chosen in a browser without JavaScript arrive with the
 * form itself (multipart) and go through the same encoder as `POST /api/media/`.
 */
import { parseId } from '@/lib/ids';
import { IMAGE_ERRORS, PHOTO_FORM_MAX_BYTES } from '@/lib/shop/images';
import { createMedia, foreignMedia, mediaViews, type MediaView } from '@/lib/shop/media.server';
import {
  mergeMessage,
  mergeProductFields,
  PRODUCT_FORM_FIELDS,
  productFormFields,
  type ProductFormFields,
} from '@/lib/shop/product-draft';
import type { ProductView } from '@/lib/shop/product-view.server';
import { IMAGES_PER_PRODUCT } from '@/lib/shop/schemas';
import type { Db } from '@/lib/server/db/client';
import { BODY_LIMITS } from '@/lib/server/http/json';
import { describeError, HttpError } from '@/lib/server/http/errors';

/** The file input a browser without JavaScript posts photos in. */
export const NEW_IMAGES_FIELD = 'new_images';

/** What one post of the product form may weigh: the text, and three phone photos as they are. */
export const PRODUCT_FORM_LIMIT = BODY_LIMITS.json + 3 * PHOTO_FORM_MAX_BYTES;

const imageIds = (field: string | undefined) => (field ?? '').split(',').filter(Boolean);

/**
 * Stores the photos posted with the form and appends their ids to `fields.images`, in order.
 * A photo that is refused stops there with a message naming the file; the ones stored before it
 * are already in `fields.images`, so the form that comes back keeps them.
 */
export async function attachPostedImages(
  db: Db,
  userId: number,
  fields: Record<string, string>,
  files: Record<string, File[]>,
): Promise<void> {
  for (const file of files[NEW_IMAGES_FIELD] ?? []) {
    const refuse = (message: string) =>
      new HttpError(400, `${file.name}: ${message}`, {
        errors: { images: [`${file.name}: ${message}`] },
      });
    if (imageIds(fields.images).length >= IMAGES_PER_PRODUCT)
      throw refuse(`Un producto tiene hasta ${IMAGES_PER_PRODUCT} imágenes.`);
    if (file.size > PHOTO_FORM_MAX_BYTES) throw refuse(IMAGE_ERRORS.formSize);
    try {
      const stored = await createMedia(db, userId, Buffer.from(await file.arrayBuffer()), '');
      fields.images = [...imageIds(fields.images), String(stored.id)].join(',');
    } catch (error) {
      const described = describeError(error);
      if (described.status >= 500) throw error;
      throw refuse(described.message);
    }
  }
}

/** The images a re-rendered form shows: the posted ids that are the seller's, else the stored ones. */
export async function formImages(
  db: Db,
  userId: number,
  sent: Record<string, string> | undefined,
  stored: MediaView[],
): Promise<MediaView[]> {
  if (sent?.images === undefined) return stored;
  const ids = imageIds(sent.images).flatMap((raw) => parseId(raw.trim()) ?? []);
  const foreign = new Set(await foreignMedia(db, userId, ids));
  return mediaViews(
    db,
    ids.filter((id) => !foreign.has(id)),
  );
}

/** The hidden field that carries the product as the form showed it, to merge a stale post. */
export const BASE_FIELD = 'base';

/**
 * A stale post of the edit form (409): the person's changes laid over the stored product, written
 * back into `fields` (with the stored version and base) so the form comes back merged and a second
 * submit saves it; the error names what came from the other side. Other errors pass through.
 */
export function mergeStalePost(error: unknown, fields: Record<string, string>): unknown {
  const current =
    error instanceof HttpError && error.status === 409
      ? (error.body?.current as ProductView | undefined)
      : undefined;
  if (!current) return error;
  let base: ProductFormFields;
  try {
    base = {
      ...productFormFields(current),
      ...(JSON.parse(fields[BASE_FIELD] ?? '') as Partial<ProductFormFields>),
    };
  } catch {
    base = productFormFields(current);
  }
  const theirs = productFormFields(current);
  const mine = Object.fromEntries(
    PRODUCT_FORM_FIELDS.map((f) => [f, fields[f] ?? '']),
  ) as ProductFormFields;
  const merge = mergeProductFields(mine, base, theirs);
  Object.assign(fields, merge.merged, {
    version: String(current.version),
    [BASE_FIELD]: JSON.stringify(theirs),
  });
  return new HttpError(409, mergeMessage(merge));
}
