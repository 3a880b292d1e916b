import type { APIRoute } from 'astro';
import { storePatchSchema } from '@/lib/shop/schemas';
import { getStore, updateStore } from '@/lib/shop/store.server';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';

/** `GET /api/store/` → the seller's shop settings (version 0 before the first save). */
export const GET: APIRoute = async ({ locals }) =>
  json(await getStore(await getDb(), requireUser(locals).id));

/** `PATCH /api/store/` {…fields, version} → the saved settings; a stale version → 409 with `current`. */
export const PATCH: APIRoute = async ({ locals, request }) => {
  const user = requireUser(locals);
  const patch = await readBody(request, storePatchSchema);
  return json(await updateStore(await getDb(), user.id, patch));
};

export const ALL = methodNotAllowed('GET', 'PATCH');
