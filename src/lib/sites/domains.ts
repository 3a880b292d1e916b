/**
 * A seller's own domain: what they may type, the TXT record that proves it is theirs, and the
 * records that point it at our edge. Pure, so the site page shows the same steps the API checks.
 */
import { z } from '@/lib/zod';

/** The label before the domain that carries the ownership token: `_impulsa.tienda.cl`. */
export const TXT_LABEL = '_impulsa';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A host name as people paste it (`https://www.Tienda.cl/`, `tienda.cl.`, `ñandú.cl`) in its
 * canonical ASCII form (`www.tienda.cl`, `xn--and-6ma2c.cl`); null when it is not a domain.
 */
export function normalizeDomain(input: string): string | null {
  const bare = input
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/\.$/, '');
  if (!bare || bare.length > 253 || /[\s@:]/.test(bare)) return null;
  let host: string;
  try {
    host = new URL(`http://${bare}`).hostname;
  } catch {
    return null;
  }
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return null;
  // A top-level domain is letters (or an IDN's `xn--` form), never all digits: no IP addresses.
  if (!/^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/.test(labels.at(-1)!)) return null;
  return host;
}

export const domainSchema = z.object({
  domain: z.string({ error: 'Escribe tu dominio.' }).transform((v, ctx) => {
    const domain = normalizeDomain(v);
    if (!domain)
      ctx.addIssue({
        code: 'custom',
        message: 'Escribe un dominio como mitienda.cl o www.mitienda.cl.',
      });
    return domain ?? '';
  }),
});

/** The apex (`tienda.cl`) takes an A record; anything below it (`www.tienda.cl`) a CNAME. */
export function isApex(domain: string): boolean {
  return domain.split('.').length === 2;
}

export function txtRecordName(domain: string): string {
  return `${TXT_LABEL}.${domain}`;
}

/** One DNS record the seller adds at their DNS provider. */
export interface DnsRecord {
  type: 'TXT' | 'CNAME' | 'A';
  /** As most DNS panels (NIC Chile's hosts, Cloudflare, GoDaddy) want it: relative to the domain, `@` for the apex. */
  name: string;
  /** The full name, for panels that want it whole. */
  fqdn: string;
  value: string;
  purpose: string;
}

/** Zone-relative name of `fqdn` within the apex zone of `domain`. */
function relativeName(fqdn: string, domain: string): string {
  const zone = domain.split('.').slice(-2).join('.');
  return fqdn === zone ? '@' : fqdn.slice(0, -(zone.length + 1));
}

/**
 * The records to add, in order: the TXT that proves ownership, then the one that sends visitors
 * to us (CNAME below the apex; A at the apex when we publish an IPv4, else an ALIAS/CNAME-flattening
 * to the edge name, which Cloudflare and most modern panels accept at the apex).
 */
export function dnsRecords(
  domain: string,
  token: string,
  edge: { cname: string; ipv4: string | null },
): DnsRecord[] {
  const txt = txtRecordName(domain);
  const records: DnsRecord[] = [
    {
      type: 'TXT',
      name: relativeName(txt, domain),
      fqdn: txt,
      value: token,
      purpose: 'Demuestra que el dominio es tuyo.',
    },
  ];
  if (isApex(domain) && edge.ipv4)
    records.push({
      type: 'A',
      name: '@',
      fqdn: domain,
      value: edge.ipv4,
      purpose: 'Lleva a tus visitas a tu sitio.',
    });
  else
    records.push({
      type: 'CNAME',
      name: relativeName(domain, domain),
      fqdn: domain,
      value: edge.cname,
      purpose: isApex(domain)
        ? 'Lleva a tus visitas a tu sitio (en la raíz del dominio tu proveedor puede llamarlo ALIAS o ANAME).'
        : 'Lleva a tus visitas a tu sitio.',
    });
  return records;
}
