import type { APIRoute } from 'astro';
import { COMPANY_NOT_FOUND } from '@/lib/formation/companies.server';
import { recordTaxStart } from '@/lib/formation/tax-start.server';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';
import { idParam } from '@/lib/server/http/params';
import { z } from '@/lib/zod';

/**
 * `PUT /api/companies/{id}/tax-start/` {started_on: 'YYYY-MM-DD'} → {started_on}: the day the
 * constituted company started activities at the SII. 409 before it is constituted; 400 for a day
 * that does not exist, before the constitution or ahead; 404 for anyone else's.
 */
export const PUT: APIRoute = async ({ locals, params, request }) => {
  const user = requireUser(locals);
  const id = idParam(params.id, COMPANY_NOT_FOUND);
  const body = await readBody(request, z.object({ started_on: z.unknown() }));
  return json(await recordTaxStart(await getDb(), user.id, id, body));
};

export const ALL = methodNotAllowed('PUT');
