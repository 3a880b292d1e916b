import type { APIRoute } from 'astro';
import { databaseStorage } from '@/lib/shop/media.server';
import { getDb } from '@/lib/server/db/client';

const TYPES: Record<string, { format: string; type: string }> = {
  avif: { format: 'avif', type: 'image/avif' },
  webp: { format: 'webp', type: 'image/webp' },
  jpg: { format: 'jpeg', type: 'image/jpeg' },
};

const notFound = () =>
  new Response('Imagen no encontrada.', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });

/**
 * `GET /media/{key}.{avif|webp|jpg}`: an image variant. The key is the hash of its bytes, so
 * the answer never changes: cached a year, immutable, and revalidated by ETag alone.
 */
export const GET: APIRoute = async ({ params, request }) => {
  const match = /^([A-Za-z0-9_-]{32})\.(avif|webp|jpg)$/.exec(params.file ?? '');
  if (!match) return notFound();
  const [, key, ext] = match;
  const etag = `"${key}"`;
  const headers = {
    'Cache-Control': 'public, max-age=31536000, immutable',
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
  };
  if (request.headers.get('if-none-match') === etag)
    return new Response(null, { status: 304, headers });
  const variant = await databaseStorage.get(await getDb(), key!);
  if (!variant || variant.format !== TYPES[ext!]!.format) return notFound();
  return new Response(new Uint8Array(variant.bytes), {
    headers: {
      ...headers,
      'Content-Type': TYPES[ext!]!.type,
      'Content-Length': String(variant.bytes.byteLength),
    },
  });
};
