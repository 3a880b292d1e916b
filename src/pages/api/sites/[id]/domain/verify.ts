import type { APIRoute } from 'astro';
import { verifyDomain } from '@/lib/sites/domains.server';
import { SITE_NOT_FOUND } from '@/lib/sites/sites.server';
import { getDb } from '@/lib/server/db/client';
import { requireShop } from '@/lib/team/shop.server';
import { json, methodNotAllowed } from '@/lib/server/http/json';
import { idParam } from '@/lib/server/http/params';

/**
 * `POST /api/sites/{id}/domain/verify/` → {status: 'verified'|'pending', checked_at, reason, …}:
 * the TXT record looked up in DNS.
 */
export const POST: APIRoute = async ({ locals, params }) =>
  json(
    await verifyDomain(await getDb(), requireShop(locals).id, idParam(params.id, SITE_NOT_FOUND)),
  );

export const ALL = methodNotAllowed('POST');
