import type { APIRoute } from 'astro';
import { checkMercadoLibre } from '@/lib/channels/mercadolibre/account.server';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { json, methodNotAllowed } from '@/lib/server/http/json';

/** `POST …/check/`: asks Mercado Libre with the seller's token (refreshed first if due); the channel after. */
export const POST: APIRoute = async ({ locals }) =>
  json(await checkMercadoLibre(await getDb(), requireUser(locals).id));

export const ALL = methodNotAllowed('POST');
