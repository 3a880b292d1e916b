import type { APIRoute } from 'astro';
import { restoreOrderCart } from '@/lib/checkout/recovery.server';
import { getDb } from '@/lib/server/db/client';

/**
 * `GET /pay/recuperar/{token}`: the recovery mail's link. Puts the lapsed order's products back
 * in the cart and opens the checkout; always an uncached redirect (it sets the cart's cookies).
 * An unknown token, or one of another shop than this host's, is the 404 page.
 */
export const GET: APIRoute = async ({ locals, url, cookies, params, rewrite }) => {
  const next = await restoreOrderCart(
    await getDb(),
    { host: locals.site, url, cookies },
    params.token ?? '',
  );
  if (!next) return rewrite('/404');
  return new Response(null, {
    status: 303,
    headers: { Location: next, 'Cache-Control': 'no-store' },
  });
};
