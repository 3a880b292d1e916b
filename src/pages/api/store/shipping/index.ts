import type { APIRoute } from 'astro';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';
import { getShippingOrigin, saveShippingOrigin } from '@/lib/shipping/origin.server';
import { shippingOriginSchema } from '@/lib/shipping/schemas';

/**
 * `/api/store/shipping/`: `GET` → `{ship_from, parcel, version}`; `PUT {ship_from, weight_g,
 * length_cm, width_cm, height_cm, version}` → saved (a stale version is a 409).
 */
export const GET: APIRoute = async ({ locals }) =>
  json(await getShippingOrigin(await getDb(), requireUser(locals).id));

export const PUT: APIRoute = async ({ locals, request }) => {
  const input = await readBody(request, shippingOriginSchema);
  return json(await saveShippingOrigin(await getDb(), requireUser(locals).id, input));
};

export const ALL = methodNotAllowed('GET', 'PUT');
