import type { APIRoute } from 'astro';
import { getDomain, removeDomain, setDomain } from '@/lib/sites/domains.server';
import { domainSchema } from '@/lib/sites/domains';
import { SITE_NOT_FOUND } from '@/lib/sites/sites.server';
import { getDb } from '@/lib/server/db/client';
import { requireShop } from '@/lib/team/shop.server';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';
import { idParam } from '@/lib/server/http/params';

/** `GET /api/sites/{id}/domain/` → the custom domain with its DNS records and last check, or 404 when there is none. */
export const GET: APIRoute = async ({ locals, params }) => {
  const domain = await getDomain(
    await getDb(),
    requireShop(locals).id,
    idParam(params.id, SITE_NOT_FOUND),
  );
  return domain
    ? json(domain)
    : json({ message: 'Este sitio no tiene un dominio propio.' }, { status: 404 });
};

/** `PUT …` {domain} → {domain, status: 'pending', txt: {name, value}, records} (docs/design.md §7). */
export const PUT: APIRoute = async ({ locals, params, request }) => {
  const user = requireShop(locals);
  const id = idParam(params.id, SITE_NOT_FOUND);
  const { domain } = await readBody(request, domainSchema);
  return json(await setDomain(await getDb(), user.id, id, domain));
};

/** `DELETE …`: the site stops answering on that domain at once. */
export const DELETE: APIRoute = async ({ locals, params }) => {
  await removeDomain(await getDb(), requireShop(locals).id, idParam(params.id, SITE_NOT_FOUND));
  return json({ detail: 'Dominio desconectado.' });
};

export const ALL = methodNotAllowed('GET', 'PUT', 'DELETE');
