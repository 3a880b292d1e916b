import { defineMiddleware } from 'astro:middleware';
import { siteUrl } from '@/lib/server/config';
import { jsonError } from '@/lib/server/http/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses unsafe requests a browser sends from another origin — including our own tenant
 * subdomains, which are same-site — unless they authenticate with `Authorization: Token`
 * (which a cross-site page cannot attach). Covers JSON bodies, which Astro's checkOrigin does not.
 */
export const originCheck = defineMiddleware((context, next) => {
  if (SAFE_METHODS.has(context.request.method) || context.locals.auth?.via === 'header')
    return next();
  // Analytics beacons carry no credentials that matter: they are forwarded, not acted on.
  if (context.url.pathname.startsWith('/ingest/')) return next();
  // Webpay and Flow post the buyer back from their own origin, carrying only a token; payment
  // providers and couriers notify from their servers. Neither uses credentials, and what they
  // name is asked of the provider.
  if (
    context.url.pathname === '/pay/return' ||
    context.url.pathname === '/pay/return/' ||
    context.url.pathname.startsWith('/pay/vuelta/') ||
    context.url.pathname.startsWith('/api/payments/') ||
    context.url.pathname.startsWith('/api/shipping/') ||
    context.url.pathname.startsWith('/api/channels/')
  )
    return next();
  // Placing an order is public and uses no credentials: a seller's own domain may call it.
  if (
    context.url.pathname === '/api/orders/' &&
    context.request.method === 'POST' &&
    context.locals.auth === null
  )
    return next();
  const allowed = new Set([context.url.origin, siteUrl().origin]);
  const origin = context.request.headers.get('origin');
  const fetchSite = context.request.headers.get('sec-fetch-site');
  const foreign = origin
    ? !allowed.has(origin)
    : fetchSite !== null && fetchSite !== 'same-origin' && fetchSite !== 'none';
  if (foreign) return jsonError(403, 'Solicitud rechazada: viene de un origen no permitido.');
  return next();
});
