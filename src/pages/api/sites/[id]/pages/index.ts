import type { APIRoute } from 'astro';
import { createPage, listPages } from '@/lib/sites/site-pages.server';
import { SITE_NOT_FOUND } from '@/lib/sites/sites.server';
import { pageCreateSchema } from '@/lib/sites/schemas';
import { getDb } from '@/lib/server/db/client';
import { requireShop } from '@/lib/team/shop.server';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';
import { paginatedList } from '@/lib/server/http/pagination';
import { idParam } from '@/lib/server/http/params';

/** `GET /api/sites/{id}/pages/` → a DRF page of the site's pages {id, path, title, data, version}. */
export const GET: APIRoute = async ({ locals, params, url }) =>
  json(
    paginatedList(
      url,
      await listPages(await getDb(), requireShop(locals).id, idParam(params.id, SITE_NOT_FOUND)),
    ),
  );

/** `POST …` {path, title, data?} → 201 page (a draft until the site is published again). */
export const POST: APIRoute = async ({ locals, params, request }) => {
  const user = requireShop(locals);
  const siteId = idParam(params.id, SITE_NOT_FOUND);
  const input = await readBody(request, pageCreateSchema);
  return json(await createPage(await getDb(), user.id, siteId, input), { status: 201 });
};

export const ALL = methodNotAllowed('GET', 'POST');
