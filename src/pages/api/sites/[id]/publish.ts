import type { APIRoute } from 'astro';
import { publishSite, SITE_NOT_FOUND } from '@/lib/sites/sites.server';
import { getDb } from '@/lib/server/db/client';
import { requireShop } from '@/lib/team/shop.server';
import { json, methodNotAllowed } from '@/lib/server/http/json';
import { idParam } from '@/lib/server/http/params';

/** `POST /api/sites/{id}/publish/` → the site: every page's draft is what visitors see now. */
export const POST: APIRoute = async ({ locals, params }) =>
  json(
    await publishSite(await getDb(), requireShop(locals).id, idParam(params.id, SITE_NOT_FOUND)),
  );

export const ALL = methodNotAllowed('POST');
