import type { APIRoute } from 'astro';
import { createSite, listSites } from '@/lib/sites/sites.server';
import { siteCreateSchema } from '@/lib/sites/schemas';
import { getDb } from '@/lib/server/db/client';
import { requireShop } from '@/lib/team/shop.server';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';
import { paginated } from '@/lib/server/http/pagination';

/** `GET /api/sites/?page=` → the seller's sites, newest first. */
export const GET: APIRoute = async ({ locals, url }) => {
  const user = requireShop(locals);
  const db = await getDb();
  return json(await paginated(url, (page, pageSize) => listSites(db, user.id, page, pageSize)));
};

/** `POST /api/sites/` {name, subdomain, template?} → 201 site, with the template's pages as drafts. */
export const POST: APIRoute = async ({ locals, request }) => {
  const user = requireShop(locals);
  const input = await readBody(request, siteCreateSchema);
  return json(await createSite(await getDb(), user.id, input), { status: 201 });
};

export const ALL = methodNotAllowed('GET', 'POST');
