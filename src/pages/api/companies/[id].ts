import type { APIRoute } from 'astro';
import { getDb } from '../../../lib/server/db/client';
import { requireUser } from '../../../lib/server/http/auth';
import { HttpError } from '../../../lib/server/http/errors';
import { json, methodNotAllowed } from '../../../lib/server/http/json';
import { getCompany } from '../../../lib/server/services/companies';

/** `GET /api/companies/{id}/` → one of the user's companies; 404 for anyone else's. */
export const GET: APIRoute = async ({ locals, params }) => {
  const user = requireUser(locals);
  if (!/^[1-9]\d{0,9}$/.test(params.id ?? '')) throw new HttpError(404, 'No encontramos esa empresa.');
  return json(await getCompany(await getDb(), user.id, Number(params.id)));
};

export const ALL = methodNotAllowed('GET');
