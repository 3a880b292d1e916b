import type { APIRoute } from 'astro';
import { publishProduct } from '@/lib/channels/mercadolibre/publish.server';
import { publishSchema } from '@/lib/channels/mercadolibre/schemas';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';

/**
 * `POST …/mercadolibre/publish/` `{product, category_id, listing_type_id?, condition?, attributes}`
 * → 201 `{item_id, permalink}`: the product listed at Mercado Libre and linked (docs/design.md §7).
 */
export const POST: APIRoute = async ({ locals, request }) => {
  const input = await readBody(request, publishSchema);
  const published = await publishProduct(await getDb(), requireUser(locals).id, input);
  return json(published, { status: 201 });
};

export const ALL = methodNotAllowed('POST');
