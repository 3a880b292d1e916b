import type { APIRoute } from 'astro';
import { ownTaxStart, recordOwnTaxStart } from '@/lib/shop/own-tax-start.server';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';
import { z } from '@/lib/zod';

/** `GET /api/store/tax-start/` → `{started_on}`: the shop's persona natural's tax start, or null. */
export const GET: APIRoute = async ({ locals }) => {
  const person = await ownTaxStart(await getDb(), requireUser(locals).id);
  return json({ started_on: person?.startedOn ?? null });
};

/**
 * `PUT …` {started_on: 'YYYY-MM-DD'} → {started_on}: the day the seller, selling with their own
 * RUN, started activities at the SII. 409 when the shop sells as no person; 400 for a day that
 * does not exist or is ahead.
 */
export const PUT: APIRoute = async ({ locals, request }) => {
  const user = requireUser(locals);
  const body = await readBody(request, z.object({ started_on: z.unknown() }));
  return json(await recordOwnTaxStart(await getDb(), user.id, body));
};

export const ALL = methodNotAllowed('GET', 'PUT');
