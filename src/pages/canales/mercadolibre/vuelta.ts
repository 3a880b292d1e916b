import type { APIRoute } from 'astro';
import { SELLER_PATHS } from '@/lib/shop/urls';
import { finishConnect } from '@/lib/channels/mercadolibre/connect.server';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from '@/lib/server/http/auth';
import { setFlash } from '@/lib/toast/flash.server';

/** Mercado Libre's `redirect_uri`: the seller back with a code and the state, then `/canales`. */
export const GET: APIRoute = async ({ locals, cookies, url, redirect }) => {
  setFlash(cookies, await finishConnect(await getDb(), cookies, url, requireUser(locals).id));
  return redirect(SELLER_PATHS.channels, 303);
};
