import type { APIRoute } from 'astro';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { json, methodNotAllowed } from '@/lib/server/http/json';
import { idParam } from '@/lib/server/http/params';
import { COMPANY_NOT_FOUND, getCompany } from '@/lib/formation/companies.server';

/** `GET /api/companies/{id}/` → one of the user's companies; 404 for anyone else's. */
export const GET: APIRoute = async ({ locals, params }) => {
  const user = requireUser(locals);
  return json(await getCompany(await getDb(), user.id, idParam(params.id, COMPANY_NOT_FOUND)));
};

export const ALL = methodNotAllowed('GET');
