import type { APIRoute } from 'astro';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';
import { correctCompany } from '@/lib/backoffice/corrections.server';
import { correctionSchema } from '@/lib/formation/corrections';
import { idParam } from '@/lib/server/http/params';
import { COMPANY_NOT_FOUND, getCompany } from '@/lib/formation/companies.server';

/** `GET /api/companies/{id}/` → one of the user's companies; 404 for anyone else's. */
export const GET: APIRoute = async ({ locals, params }) => {
  const user = requireUser(locals);
  return json(await getCompany(await getDb(), user.id, idParam(params.id, COMPANY_NOT_FOUND)));
};

/**
 * `PATCH /api/companies/{id}/` {version, …payload fields}: corrects the fields the back office
 * observed (others are ignored) → the company, back «en-revision»; 409 when not observed or stale.
 */
export const PATCH: APIRoute = async ({ locals, params, request }) => {
  const user = requireUser(locals);
  const id = idParam(params.id, COMPANY_NOT_FOUND);
  const { version, ...fields } = await readBody(request, correctionSchema);
  return json(await correctCompany(await getDb(), user.id, id, version, fields));
};

export const ALL = methodNotAllowed('GET', 'PATCH');
