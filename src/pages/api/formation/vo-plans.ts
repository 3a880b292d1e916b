import type { APIRoute } from 'astro';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { json, methodNotAllowed } from '@/lib/server/http/json';
import { listVoPlans } from '@/lib/formation/companies.server';

/** `GET /api/formation/vo-plans/` → the virtual-office plans of step 02. */
export const GET: APIRoute = async ({ locals }) => {
  requireUser(locals);
  const results = await listVoPlans(await getDb());
  return json(
    { count: results.length, next: null, previous: null, results },
    { headers: { 'Cache-Control': 'private, max-age=300' } },
  );
};

export const ALL = methodNotAllowed('GET');
