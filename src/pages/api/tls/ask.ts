import type { APIRoute } from 'astro';
import { NO_SITE, resolveSite } from '@/lib/hosts';
import { siteForHost } from '@/lib/sites/published.server';
import { mainDomains } from '@/lib/server/config';
import { getDb } from '@/lib/server/db/client';
import { json, methodNotAllowed } from '@/lib/server/http/json';
import { hit, type RateRule } from '@/lib/server/rate-limit';

/**
 * Caddy asks once per certificate it wants; a name asked about more often than this is someone
 * making the proxy knock for it (a refused name is asked again at each handshake).
 */
const ASK_PER_NAME: RateRule = { name: 'tls-ask:name', windowSeconds: 10 * 60, limit: 20 };

/**
 * `GET /api/tls/ask?domain=`: Caddy's on-demand TLS asks before getting a certificate. 200 for a
 * published site's subdomain (one label under a main domain) or verified custom domain (and our
 * own domains), else 404, so nobody can make us request certificates for names we do not serve;
 * 429 for a name asked too often. Read fresh: Caddy asks once per certificate, and a cached "no"
 * could outlive the verification made on another instance.
 */
export const GET: APIRoute = async ({ url }) => {
  const domain = (url.searchParams.get('domain') ?? '').trim().toLowerCase().slice(0, 253);
  const host = resolveSite(domain, mainDomains());
  const refused = json({ message: 'No servimos ese dominio.' }, { status: 404 });
  // Only host names are looked up (letters, digits, hyphens and dots), and none deeper than a site.
  if (!/^[a-z0-9.-]+$/.test(domain) || (host.kind !== 'main' && host.value === NO_SITE))
    return refused;
  if (host.kind === 'main') return json({ domain, allowed: true });
  const db = await getDb();
  await hit(db, ASK_PER_NAME, domain);
  return (await siteForHost(db, host, { fresh: true })) !== null
    ? json({ domain, allowed: true })
    : refused;
};

export const ALL = methodNotAllowed('GET');
