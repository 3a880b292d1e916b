import type { APIRoute } from 'astro';
import { IMAGE_ERRORS, IMAGE_MAX_BYTES } from '@/lib/shop/images';
import { createMedia, listMedia } from '@/lib/shop/media.server';
import { mediaAltSchema } from '@/lib/shop/schemas';
import { getDb } from '@/lib/server/db/client';
import { requireShop } from '@/lib/team/shop.server';
import { HttpError } from '@/lib/server/http/errors';
import { BODY_LIMITS, cleanJson, json, methodNotAllowed, readCapped } from '@/lib/server/http/json';
import { paginated } from '@/lib/server/http/pagination';

/** `GET /api/media/?page=` → the seller's image library, newest first. */
export const GET: APIRoute = async ({ locals, url }) => {
  const user = requireShop(locals);
  const db = await getDb();
  return json(await paginated(url, (page, pageSize) => listMedia(db, user.id, page, pageSize), 24));
};

/**
 * `POST /api/media/` multipart, field `file` (and optional `alt`) → 201 `{id, url, width, height, alt}`.
 * The body is capped before it is read whole; the image is judged by its bytes, not its name.
 */
export const POST: APIRoute = async ({ locals, request }) => {
  const user = requireShop(locals);
  const type = request.headers.get('content-type') ?? '';
  if (!type.startsWith('multipart/form-data'))
    throw new HttpError(415, 'Envía la imagen como multipart/form-data, en el campo «file».');
  const body = await readCapped(request, BODY_LIMITS.upload);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), {
      headers: { 'content-type': type },
    }).formData();
  } catch {
    throw new HttpError(400, 'No pudimos leer el formulario enviado.');
  }
  const file = form.get('file');
  if (!(file instanceof Blob))
    throw new HttpError(400, IMAGE_ERRORS.missing, { errors: { file: [IMAGE_ERRORS.missing] } });
  if (file.size > IMAGE_MAX_BYTES) throw new HttpError(413, IMAGE_ERRORS.size);
  const { alt } = mediaAltSchema.parse(cleanJson({ alt: form.get('alt') ?? '' }));
  const created = await createMedia(
    await getDb(),
    user.id,
    Buffer.from(await file.arrayBuffer()),
    alt,
  );
  return json(created, { status: 201 });
};

export const ALL = methodNotAllowed('GET', 'POST');
