import type { APIRoute } from 'astro';
import { deliverySettingsSchema } from '@/lib/shop/delivery';
import { getDelivery, saveDelivery } from '@/lib/shop/delivery.server';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { json, methodNotAllowed, readBody } from '@/lib/server/http/json';

/** `GET /api/store/delivery/` → {rest, regions, comunas, free_from, pickup_points, version}. */
export const GET: APIRoute = async ({ locals }) =>
  json(await getDelivery(await getDb(), requireUser(locals).id));

/** `PUT …` the whole settings at the store's version → the saved settings. */
export const PUT: APIRoute = async ({ locals, request }) => {
  const user = requireUser(locals);
  const input = await readBody(request, deliverySettingsSchema);
  return json(await saveDelivery(await getDb(), user.id, input));
};

export const ALL = methodNotAllowed('GET', 'PUT');
