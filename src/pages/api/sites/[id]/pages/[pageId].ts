import type { APIRoute } from 'astro';
import { deletePage, getPage, PAGE_NOT_FOUND, putPage } from '@/lib/sites/site-pages.server';
import { SITE_NOT_FOUND } from '@/lib/sites/sites.server';
import { pagePutSchema } from '@/lib/sites/schemas';
import { getDb } from '@/lib/server/db/client';
import { requireShop } from '@/lib/team/shop.server';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';
import { idParam } from '@/lib/server/http/params';

const ids = (params: Record<string, string | undefined>) =>
  [idParam(params.id, SITE_NOT_FOUND), idParam(params.pageId, PAGE_NOT_FOUND)] as const;

/** `GET /api/sites/{id}/pages/{pageId}/` → the page with its draft `data`. */
export const GET: APIRoute = async ({ locals, params }) =>
  json(await getPage(await getDb(), requireShop(locals).id, ...ids(params)));

/** `PUT …` {data, title?, path?, version} → the saved draft; a stale version → 409 with `current`. */
export const PUT: APIRoute = async ({ locals, params, request }) => {
  const user = requireShop(locals);
  const [siteId, pageId] = ids(params);
  const input = await readBody(request, pagePutSchema);
  return json(await putPage(await getDb(), user.id, siteId, pageId, input));
};

/** `DELETE …`: any page but the home page. */
export const DELETE: APIRoute = async ({ locals, params }) => {
  await deletePage(await getDb(), requireShop(locals).id, ...ids(params));
  return json({ detail: 'Página eliminada.' });
};

export const ALL = methodNotAllowed('GET', 'PUT', 'DELETE');
