import type { APIRoute } from 'astro';
import { resolveSite } from '@/lib/routing/hosts';
import { siteForHost } from '@/lib/sites/published.server';
import { mainDomains } from '@/lib/server/config';
import { getDb } from '@/lib/server/db/client';
import { json, methodNotAllowed } from '@/lib/server/http/json';

/**
 * `GET /api/tls/ask?domain=`: Caddy's on-demand TLS asks before getting a certificate. 200 for a
 * published site's subdomain or verified custom domain (and our own domains), else 404, so nobody
 * can make us request certificates for names we do not serve. Read fresh: Caddy asks once per
 * certificate, and a cached "no" could outlive the verification made on another instance.
 */
export const GET: APIRoute = async ({ url }) => {
  const domain = (url.searchParams.get('domain') ?? '').trim().toLowerCase().slice(0, 253);
  const host = resolveSite(domain, mainDomains());
  // Only host names are looked up: letters, digits, hyphens and dots.
  const ok =
    /^[a-z0-9.-]+$/.test(domain) &&
    (host.kind === 'main' || (await siteForHost(await getDb(), host, { fresh: true })) !== null);
  return json(ok ? { domain, allowed: true } : { message: 'No servimos ese dominio.' }, {
    status: ok ? 200 : 404,
  });
};

export const ALL = methodNotAllowed('GET');
