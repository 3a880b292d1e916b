import type { APIRoute } from 'astro';
import { cartLinkStep } from '@/lib/checkout/cart-link.server';
import { getDb } from '@/lib/server/db/client';

/**
 * `GET /pay/enlazar`: one step of handing a cart between a custom domain and the main domain
 * (`cart-link.server.ts`). Always an uncached redirect: an address with a code is never a page,
 * so it cannot leak as a Referer (which the app's policy keeps to the origin across sites anyway).
 */
export const GET: APIRoute = async ({ locals, url, cookies }) => {
  const location = await cartLinkStep(await getDb(), locals.site, url, cookies);
  return new Response(null, {
    status: 303,
    headers: { Location: location, 'Cache-Control': 'no-store' },
  });
};
