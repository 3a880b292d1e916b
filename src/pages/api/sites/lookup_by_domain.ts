import type { APIRoute } from 'astro';
import { publicSiteData, siteForHost } from '@/lib/sites/published.server';
import { lookupSchema } from '@/lib/sites/schemas';
import { getDb } from '@/lib/server/db/client';
import { HttpError } from '@/lib/server/http/errors';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';

/**
 * `POST /api/sites/lookup_by_domain/` {domain_type, value} → the published site's public data; 404
 * unknown or unpublished. No auth (docs/spec.md §7).
 */
export const POST: APIRoute = async ({ request }) => {
  const { domain_type, value } = await readBody(request, lookupSchema);
  const db = await getDb();
  const site = await siteForHost(db, { kind: domain_type, host: value, value });
  if (!site) throw new HttpError(404, 'No hay un sitio publicado en esa dirección.');
  return json(await publicSiteData(db, site));
};

export const ALL = methodNotAllowed('POST');
