import type { APIRoute } from 'astro';
import { listingsView, saveLinks } from '@/lib/channels/mercadolibre/listings.server';
import { linksSchema } from '@/lib/channels/mercadolibre/schemas';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';

/**
 * `…/mercadolibre/links/`: `GET` → the seller's active listings, variation by variation, each with
 * its link or a proposal; `PUT {links: [{item_id, variation_id?, product, variant?}]}` → replaces
 * her links (400 in Spanish naming the line refused, nothing changed).
 */
export const GET: APIRoute = async ({ locals }) =>
  json(await listingsView(await getDb(), requireUser(locals).id));

export const PUT: APIRoute = async ({ locals, request }) => {
  const { links } = await readBody(request, linksSchema);
  return json(await saveLinks(await getDb(), requireUser(locals).id, links));
};

export const ALL = methodNotAllowed('GET', 'PUT');
