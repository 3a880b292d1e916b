/**
 * Uploaded images: decoded and re-encoded with sharp (rotated by EXIF, metadata stripped,
 * pixels capped), a few widths in AVIF and WebP plus a JPEG share crop, stored behind
 * `MediaStorage` (the database by default: every instance reads it, backups include it) and
 * served at content-addressed, immutable URLs.
 */
import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Metadata } from 'sharp';
import {
  IMAGE_ERRORS,
  IMAGE_FORMATS,
  IMAGE_MAX_PIXELS,
  SHARE_SIZE,
  sniffImageType,
  variantWidths,
} from '@/lib/shop/images';
import { mediaPath } from '@/lib/shop/urls';
import type { Db, Queryable } from '@/lib/server/db/client';
import { listPage, ownedOr404, type JsonPart } from '@/lib/server/db/queries';
import { media, mediaVariants, productImages } from '@/lib/server/db/schema';
import { cache } from '@/lib/server/cache/provider';
import { tags } from '@/lib/server/cache/tags';
import { HttpError } from '@/lib/server/http/errors';
import { takingTurns } from '@/lib/server/turns';

export const MEDIA_NOT_FOUND = 'No encontramos esa imagen.';

export interface EncodedVariant {
  format: 'avif' | 'webp' | 'jpeg';
  kind: 'w' | 'og';
  width: number;
  height: number;
  bytes: Buffer;
}

/**
 * Photos decoded at once, process-wide. A 36-megapixel photo takes some 150 MB to decode: four
 * sellers uploading together would otherwise hold most of a gigabyte. The rest wait their turn
 * (the seller sees «Procesando…»).
 */
const decodeInTurn = takingTurns(2);

/** Decodes an upload and encodes its variants; a 400 in Spanish for anything that is not a usable image. */
export function encodeImage(
  bytes: Buffer,
): Promise<{ width: number; height: number; variants: EncodedVariant[] }> {
  return decodeInTurn(() => encodeNow(bytes));
}

async function encodeNow(
  bytes: Buffer,
): Promise<{ width: number; height: number; variants: EncodedVariant[] }> {
  if (bytes.byteLength === 0) throw new HttpError(400, IMAGE_ERRORS.missing);
  if (!sniffImageType(bytes)) throw new HttpError(400, IMAGE_ERRORS.type);
  // Imported on the first upload: libvips is 20 MB that a server which never receives one does not need.
  const { default: sharp } = await import('sharp');
  // libvips would keep decoded images cached for the next operation: each upload is done once.
  sharp.cache(false);
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(400, IMAGE_ERRORS.broken);
  }
  if (!meta.width || !meta.height) throw new HttpError(400, IMAGE_ERRORS.broken);
  // Refused from the header alone: a decompression bomb is never decoded.
  if (meta.width * meta.height > IMAGE_MAX_PIXELS) throw new HttpError(400, IMAGE_ERRORS.pixels);
  const rotated = (meta.orientation ?? 1) >= 5;
  const width = rotated ? meta.height : meta.width;
  const height = rotated ? meta.width : meta.height;
  try {
    // Decoded once, oriented and brought down to the largest width a variant needs: every variant
    // is made from that, not from the full photo decoded again for each.
    const base = await sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' })
      .autoOrient()
      .resize({ width: Math.max(...variantWidths(width)), withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { channels } = base.info;
    const raw = { width: base.info.width, height: base.info.height, channels };
    const input = () => sharp(base.data, { raw });
    const jobs: Promise<EncodedVariant>[] = [];
    for (const w of variantWidths(width)) {
      for (const format of IMAGE_FORMATS) {
        const pipeline = input().resize({ width: w, withoutEnlargement: true });
        const encoded =
          format === 'avif'
            ? pipeline.avif({ quality: 50, effort: 2 })
            : pipeline.webp({ quality: 78 });
        jobs.push(
          encoded.toBuffer({ resolveWithObject: true }).then(({ data, info }) => ({
            format,
            kind: 'w' as const,
            width: info.width,
            height: info.height,
            bytes: data,
          })),
        );
      }
    }
    jobs.push(
      input()
        .resize({ ...SHARE_SIZE, fit: 'cover', position: 'attention' })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 80, mozjpeg: true })
        .toBuffer({ resolveWithObject: true })
        .then(({ data, info }) => ({
          format: 'jpeg' as const,
          kind: 'og' as const,
          width: info.width,
          height: info.height,
          bytes: data,
        })),
    );
    return { width, height, variants: await Promise.all(jobs) };
  } catch {
    throw new HttpError(400, IMAGE_ERRORS.broken);
  }
}

/** Where variants are kept. The database by default; an object store can implement it later. */
export interface MediaStorage {
  put(db: Queryable, mediaId: number, variants: EncodedVariant[]): Promise<VariantInfo[]>;
  get(db: Db, key: string): Promise<{ bytes: Uint8Array; format: string } | null>;
}

export interface VariantInfo {
  mediaId: number;
  key: string;
  format: string;
  kind: string;
  width: number;
  height: number;
}

/** A variant's key: the hash of its bytes and its image (two uploads of one file stay independent). */
function variantKey(mediaId: number, bytes: Uint8Array): string {
  return createHash('sha256').update(`${mediaId}:`).update(bytes).digest('base64url').slice(0, 32);
}

export const databaseStorage: MediaStorage = {
  async put(db, mediaId, variants) {
    const rows = variants.map((v) => ({
      key: variantKey(mediaId, v.bytes),
      mediaId,
      format: v.format,
      kind: v.kind,
      width: v.width,
      height: v.height,
      bytes: v.bytes,
    }));
    await db.insert(mediaVariants).values(rows);
    return rows.map(({ bytes: _bytes, ...info }) => info);
  },
  async get(db, key) {
    const [row] = await db
      .select({ bytes: mediaVariants.bytes, format: mediaVariants.format })
      .from(mediaVariants)
      .where(eq(mediaVariants.key, key))
      .limit(1);
    return row ?? null;
  },
};

/** The media the API shows: `{id, url, width, height, alt}` and the variants for `srcset`. */
export interface MediaView {
  id: number;
  url: string;
  width: number;
  height: number;
  alt: string;
  /** The 1200×630 JPEG for sharing. */
  share_url: string | null;
  variants: { url: string; format: string; width: number; height: number }[];
}

type MediaFacts = Pick<typeof media.$inferSelect, 'id' | 'width' | 'height' | 'alt'>;
type VariantFacts = Omit<VariantInfo, 'mediaId'>;

function toView(row: MediaFacts, variants: VariantFacts[]): MediaView {
  const sized = variants.filter((v) => v.kind === 'w');
  const largestWebp = sized.filter((v) => v.format === 'webp').sort((a, b) => b.width - a.width)[0];
  const share = variants.find((v) => v.kind === 'og');
  return {
    id: row.id,
    url: largestWebp ? mediaPath(largestWebp.key, 'webp') : '',
    width: row.width,
    height: row.height,
    alt: row.alt,
    share_url: share ? mediaPath(share.key, share.format) : null,
    variants: sized.map((v) => ({
      url: mediaPath(v.key, v.format),
      format: v.format,
      width: v.width,
      height: v.height,
    })),
  };
}

/** One image and its variants as JSON, for a statement that joins `media`. */
const imageJson = sql`json_build_object(
    'id', ${media.id}, 'width', ${media.width}, 'height', ${media.height}, 'alt', ${media.alt},
    'variants', (select coalesce(json_agg(json_build_object(
        'key', ${mediaVariants.key}, 'format', ${mediaVariants.format},
        'kind', ${mediaVariants.kind}, 'width', ${mediaVariants.width},
        'height', ${mediaVariants.height})), '[]')
      from ${mediaVariants} where ${mediaVariants.mediaId} = ${media.id}))`;

type ImageJson = MediaFacts & { variants: VariantFacts[] };

/**
 * A product's images in their order, as one column of a statement: what a public product page
 * shows, read together with the product instead of in three more round trips.
 */
export function productImagesPart(productId: AnyPgColumn | SQL): JsonPart<MediaView[]> {
  return {
    sql: sql`select coalesce(json_agg(${imageJson} order by ${productImages.position}), '[]')
      from ${productImages} join ${media} on ${media.id} = ${productImages.mediaId}
      where ${productImages.productId} = ${productId}`,
    read: (images: ImageJson[]) => images.map((image) => toView(image, image.variants)),
  };
}

/** A product's first image (a card's cover) as one column of a statement; null without one. */
export function productCoverPart(productId: AnyPgColumn | SQL): JsonPart<MediaView | null> {
  return {
    sql: sql`select ${imageJson}
      from ${productImages} join ${media} on ${media.id} = ${productImages.mediaId}
      where ${productImages.productId} = ${productId}
      order by ${productImages.position} limit 1`,
    read: (image: ImageJson | null) => image && toView(image, image.variants),
  };
}

/**
 * The images among `ids` (an SQL set) that `userId` owns, as one column of a statement: a site's
 * page names images by id in its document, and only the owner's own are shown.
 */
export function ownMediaPart(userId: AnyPgColumn | SQL, ids: SQL): JsonPart<MediaView[]> {
  return {
    sql: sql`select coalesce(json_agg(${imageJson} order by ${media.id}), '[]') from ${media}
      where ${media.userId} = ${userId} and ${media.id} in (${ids})`,
    read: (images: ImageJson[]) => images.map((image) => toView(image, image.variants)),
  };
}

/** Views of these media (any owner: callers check ownership), in the order of `ids`. */
export async function mediaViews(db: Db, ids: number[]): Promise<MediaView[]> {
  if (ids.length === 0) return [];
  const [rows, variants] = await Promise.all([
    db.select().from(media).where(inArray(media.id, ids)),
    db
      .select({
        mediaId: mediaVariants.mediaId,
        key: mediaVariants.key,
        format: mediaVariants.format,
        kind: mediaVariants.kind,
        width: mediaVariants.width,
        height: mediaVariants.height,
      })
      .from(mediaVariants)
      .where(inArray(mediaVariants.mediaId, ids)),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row
      ? [
          toView(
            row,
            variants.filter((v) => v.mediaId === id),
          ),
        ]
      : [];
  });
}

/** Encodes and stores an upload of `userId`. */
export async function createMedia(
  db: Db,
  userId: number,
  bytes: Buffer,
  alt: string,
  storage: MediaStorage = databaseStorage,
): Promise<MediaView> {
  const image = await encodeImage(bytes);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(media)
      .values({ userId, width: image.width, height: image.height, alt })
      .returning();
    const variants = await storage.put(tx, row!.id, image.variants);
    return toView(row!, variants);
  });
}

export async function listMedia(db: Db, userId: number, page: number, pageSize: number) {
  const { total, rows } = await listPage(
    db,
    media,
    eq(media.userId, userId),
    [desc(media.id)],
    page,
    pageSize,
  );
  return {
    total,
    results: await mediaViews(
      db,
      rows.map((r) => r.id),
    ),
  };
}

export async function getMedia(db: Db, userId: number, id: number): Promise<MediaView> {
  await ownedOr404(db, media, userId, id, MEDIA_NOT_FOUND);
  return (await mediaViews(db, [id]))[0]!;
}

/** The public pages of these products are stale once an image they show changes. */
async function invalidateShowing(ids: number[]): Promise<void> {
  await cache.invalidate({ tags: [...ids.map((id) => tags.product(id))] });
}

async function productsShowing(db: Db, id: number): Promise<number[]> {
  return (
    await db
      .select({ id: productImages.productId })
      .from(productImages)
      .where(eq(productImages.mediaId, id))
  ).map((r) => r.id);
}

export async function setMediaAlt(
  db: Db,
  userId: number,
  id: number,
  alt: string,
): Promise<MediaView> {
  const [row] = await db
    .update(media)
    .set({ alt })
    .where(and(eq(media.id, id), eq(media.userId, userId)))
    .returning({ id: media.id });
  if (!row) throw new HttpError(404, MEDIA_NOT_FOUND);
  await invalidateShowing(await productsShowing(db, id));
  return (await mediaViews(db, [id]))[0]!;
}

/** Deletes an image; the products that showed it lose it. */
export async function deleteMedia(db: Db, userId: number, id: number): Promise<void> {
  await ownedOr404(db, media, userId, id, MEDIA_NOT_FOUND);
  const showing = await productsShowing(db, id);
  await db.delete(media).where(and(eq(media.id, id), eq(media.userId, userId)));
  await invalidateShowing(showing);
}

/** Of `ids`, the ones `userId` does not own (to refuse attaching another seller's image). */
export async function foreignMedia(db: Db, userId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const own = await db
    .select({ id: media.id })
    .from(media)
    .where(and(inArray(media.id, ids), eq(media.userId, userId)));
  const mine = new Set(own.map((r) => r.id));
  return ids.filter((id) => !mine.has(id));
}
