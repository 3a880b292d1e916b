import type { APIRoute } from 'astro';
import { jsonError } from '@/lib/server/http/errors';
import { posthogSettings } from '@/lib/server/config';
import { log } from '@/lib/server/log';
import { analyticsConsentOf } from '@/lib/accounts/consent.server';

/** Largest analytics batch forwarded. */
const MAX_BYTES = 1_000_000;
const FORWARDED_HEADERS = ['content-type', 'content-encoding', 'user-agent', 'accept'];

/**
 * `/ingest/ph/*`: a same-origin proxy to PostHog (event batches, flags, surveys, config),
 * so analytics works under our CSP and is not blocked as a third party. Only active when
 * `PUBLIC_POSTHOG_KEY` is set, and only for a person who accepted analytics (Ley 21.719): without
 * that yes nothing is forwarded.
 */
export const ALL: APIRoute = async ({ request, url, locals, cookies }) => {
  const { key, host } = posthogSettings();
  if (!key) return jsonError(404, 'La analítica no está configurada.');
  if (analyticsConsentOf(locals, cookies) !== true)
    return jsonError(403, 'Sin tu permiso no medimos tu uso de Impulsa.');
  // The path as sent (PostHog's endpoints end in a slash: /e/, /flags/).
  const target = new URL(url.pathname.slice('/ingest/ph'.length) || '/', host);
  target.search = url.search;
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > MAX_BYTES) return jsonError(413, 'El contenido enviado es demasiado grande.');
  const headers = new Headers();
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const body =
    request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
  if (body && body.byteLength > MAX_BYTES)
    return jsonError(413, 'El contenido enviado es demasiado grande.');
  try {
    const res = await fetch(target, {
      method: request.method,
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    });
    const out = new Headers();
    for (const name of ['content-type', 'content-encoding', 'cache-control']) {
      const value = res.headers.get(name);
      if (value) out.set(name, value);
    }
    return new Response(res.body, { status: res.status, headers: out });
  } catch (error) {
    log.warn('analytics proxy failed', { error });
    return jsonError(502, 'No se pudo contactar al servicio de analítica.');
  }
};
