import type { APIRoute } from 'astro';
import { subdomainFree } from '@/lib/sites/sites.server';
import { subdomainSchema } from '@/lib/sites/schemas';
import { getDb } from '@/lib/server/db/client';
import { requireShop } from '@/lib/team/shop.server';
import { json, methodNotAllowed } from '@/lib/server/http/json';

/** `GET /api/sites/availability/?subdomain=` → {subdomain, available, message}: the live check of the create form. */
export const GET: APIRoute = async ({ locals, url }) => {
  requireShop(locals);
  const parsed = subdomainSchema.safeParse(url.searchParams.get('subdomain') ?? '');
  if (!parsed.success)
    return json({
      subdomain: url.searchParams.get('subdomain') ?? '',
      available: false,
      message: parsed.error.issues[0]!.message,
    });
  const available = await subdomainFree(await getDb(), parsed.data);
  return json({
    subdomain: parsed.data,
    available,
    message: available ? 'Disponible.' : 'Ese subdominio ya está en uso. Prueba con otro.',
  });
};

export const ALL = methodNotAllowed('GET');
