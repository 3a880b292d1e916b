import type { APIRoute } from 'astro';
import { channelView, disconnectMercadoLibre } from '@/lib/channels/mercadolibre/account.server';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { json, methodNotAllowed } from '@/lib/server/http/json';

/**
 * `/api/store/channels/mercadolibre/`: `GET` → `{connected, user_id, nickname, connected_at,
 * last_sync_at, problems}`, never a token; `DELETE` → disconnected (the tokens forgotten).
 */
export const GET: APIRoute = async ({ locals }) =>
  json(await channelView(await getDb(), requireUser(locals).id));

export const DELETE: APIRoute = async ({ locals }) =>
  json(await disconnectMercadoLibre(await getDb(), requireUser(locals).id));

export const ALL = methodNotAllowed('GET', 'DELETE');
