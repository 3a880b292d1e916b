/**
 * Custom domains (`/api/sites/{id}/domain/…`, docs/design.md §7): the seller names a domain and gets a
 * token; the domain serves the site once a TXT record `_impulsa.<domain>` holds that token. The
 * lookup asks real DNS through `node:dns` (servers from `DNS_SERVERS`).
 */
import { randomBytes } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { and, eq, ne, sql } from 'drizzle-orm';
import { dnsRecords, txtRecordName, type DnsRecord } from '@/lib/sites/domains';
import { SITE_NOT_FOUND } from '@/lib/sites/sites.server';
import { cache } from '@/lib/server/cache/provider';
import { tags } from '@/lib/server/cache/tags';
import { dnsServers, edgeTargets, mainDomains } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/client';
import { isUniqueViolation } from '@/lib/server/db/errors';
import { ownedOr404 } from '@/lib/server/db/queries';
import { sites } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';
import { prose } from '@/lib/prose';

type SiteRow = typeof sites.$inferSelect;

/** The custom domain of a site as the site page and the API show it. */
export interface DomainView {
  domain: string;
  status: 'pending' | 'verified';
  txt: { name: string; value: string };
  records: DnsRecord[];
  checked_at: string | null;
  /** Why the last check did not verify (Spanish, for the seller); null after success or before any check. */
  reason: string | null;
}

const TAKEN = 'Ese dominio ya está conectado a otro sitio de Impulsa.';

export function domainView(row: SiteRow): DomainView | null {
  if (!row.customDomain || !row.domainToken || row.domainStatus === 'none') return null;
  return {
    domain: row.customDomain,
    status: row.domainStatus === 'verified' ? 'verified' : 'pending',
    txt: { name: txtRecordName(row.customDomain), value: row.domainToken },
    records: dnsRecords(row.customDomain, row.domainToken, edgeTargets()),
    checked_at: row.domainCheckedAt?.toISOString() ?? null,
    reason: row.domainError,
  };
}

/** Whether another site already proved `domain` is theirs. */
async function verifiedElsewhere(db: Db, domain: string, siteId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: sites.id })
    .from(sites)
    .where(
      and(eq(sites.customDomain, domain), eq(sites.domainStatus, 'verified'), ne(sites.id, siteId)),
    )
    .limit(1);
  return Boolean(row);
}

/** Every change to a domain takes effect at once: its pages and its host lookups are dropped. */
const changed = (id: number) => cache.invalidate({ tags: [tags.site(id)] });

export async function getDomain(db: Db, userId: number, id: number): Promise<DomainView | null> {
  return domainView(await ownedOr404(db, sites, userId, id, SITE_NOT_FOUND));
}

/**
 * Connects `domain` to the site: pending until its TXT record is found. The same domain again
 * keeps its token and state; another one replaces the old, which stops serving at once. Only a
 * *verified* domain is exclusive, so nobody can hold a domain they have not proven is theirs.
 */
export async function setDomain(
  db: Db,
  userId: number,
  id: number,
  domain: string,
): Promise<DomainView> {
  const site = await ownedOr404(db, sites, userId, id, SITE_NOT_FOUND);
  const ours = mainDomains().some((d) => domain === d || domain.endsWith('.' + d));
  if (ours)
    throw new HttpError(400, 'Ese dominio es de Impulsa: tu sitio ya tiene su dirección en él.', {
      errors: { domain: ['Ese dominio es de Impulsa.'] },
    });
  if (site.customDomain === domain && site.domainToken) return domainView(site)!;
  if (await verifiedElsewhere(db, domain, id))
    throw new HttpError(400, TAKEN, { errors: { domain: [TAKEN] } });
  const token = `impulsa-verificacion=${randomBytes(16).toString('hex')}`;
  const [row] = await db
    .update(sites)
    .set({
      customDomain: domain,
      domainStatus: 'pending',
      domainToken: token,
      domainCheckedAt: null,
      domainError: null,
      version: sql`${sites.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(sites.id, id))
    .returning();
  await changed(id);
  return domainView(row!)!;
}

/** Disconnects the custom domain: the site answers only on its subdomain again, at once. */
export async function removeDomain(db: Db, userId: number, id: number): Promise<void> {
  await ownedOr404(db, sites, userId, id, SITE_NOT_FOUND);
  await db
    .update(sites)
    .set({
      customDomain: null,
      domainStatus: 'none',
      domainToken: null,
      domainCheckedAt: null,
      domainError: null,
      version: sql`${sites.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(sites.id, id));
  await changed(id);
}

/** A resolver that asks `DNS_SERVERS` (or the system's servers), with a short timeout: a seller is waiting. */
export function dnsResolver(): Resolver {
  const resolver = new Resolver({ timeout: 2500, tries: 2 });
  const servers = dnsServers();
  if (servers.length) resolver.setServers(servers);
  return resolver;
}

/** The TXT check: null when the token is there, else why not, in words a seller can act on. */
async function txtProblem(
  resolver: Pick<Resolver, 'resolveTxt'>,
  name: string,
  token: string,
): Promise<string | null> {
  let records: string[][];
  try {
    records = await resolver.resolveTxt(name);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTFOUND' || code === 'ENODATA')
      return prose`Todavía no encontramos el registro TXT ${name}. Si lo acabas de agregar, espera
        unos minutos: los cambios de DNS pueden tardar hasta 24 horas.`;
    return 'No pudimos consultar el DNS en este momento. Intenta verificar de nuevo en unos minutos.';
  }
  // A long TXT value arrives in chunks of up to 255 characters: they are one string.
  const values = records.map((chunks) => chunks.join('').trim());
  if (values.includes(token)) return null;
  return prose`Encontramos el registro TXT ${name}, pero su valor no coincide. Cópialo de nuevo
    desde aquí, sin comillas ni espacios.`;
}

/** "Verificar": looks the TXT record up and records the result, with the time and the reason. */
export async function verifyDomain(
  db: Db,
  userId: number,
  id: number,
  resolver: Pick<Resolver, 'resolveTxt'> = dnsResolver(),
): Promise<DomainView> {
  const site = await ownedOr404(db, sites, userId, id, SITE_NOT_FOUND);
  if (!site.customDomain || !site.domainToken)
    throw new HttpError(400, 'Este sitio no tiene un dominio propio que verificar.');
  if (site.domainStatus === 'verified') return domainView(site)!;
  const problem = await txtProblem(resolver, txtRecordName(site.customDomain), site.domainToken);
  const reason = problem ?? ((await verifiedElsewhere(db, site.customDomain, id)) ? TAKEN : null);
  try {
    const [row] = await db
      .update(sites)
      .set({
        domainStatus: reason ? 'pending' : 'verified',
        domainCheckedAt: sql`now()`,
        domainError: reason,
        ...(!reason && { version: sql`${sites.version} + 1`, updatedAt: sql`now()` }),
      })
      .where(and(eq(sites.id, id), eq(sites.customDomain, site.customDomain)))
      .returning();
    if (!reason) await changed(id);
    // The domain was changed or removed while we asked DNS: show what is there now.
    return row ? domainView(row)! : ((await getDomain(db, userId, id)) ?? domainView(site)!);
  } catch (error) {
    // Two sites verifying the same domain at once: the unique index of verified domains decides.
    if (isUniqueViolation(error)) throw new HttpError(400, TAKEN);
    throw error;
  }
}
