import type { APIRoute } from 'astro';
import { storeCompanySchema } from '@/lib/shop/legal-entity';
import { sellAsSeller, storeLegalEntity, sellAsCompany } from '@/lib/shop/legal-entity.server';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';

/** `GET /api/store/company/` → `{legal: {name, rut} | null}`: the company the shop sells as. */
export const GET: APIRoute = async ({ locals }) =>
  json({ legal: await storeLegalEntity(await getDb(), requireUser(locals).id) });

/** `PUT …` {company_id} → `{legal}`: one of the seller's constituted companies sells. */
export const PUT: APIRoute = async ({ locals, request }) => {
  const user = requireUser(locals);
  const { company_id } = await readBody(request, storeCompanySchema);
  return json({ legal: await sellAsCompany(await getDb(), user.id, company_id) });
};

/** `DELETE …` → `{legal: null}`: the shop sells under the seller's name again. */
export const DELETE: APIRoute = async ({ locals }) =>
  json({ legal: await sellAsSeller(await getDb(), requireUser(locals).id) });

export const ALL = methodNotAllowed('GET', 'PUT', 'DELETE');
