/**
 * What counts as a visit to a shop's public page, and which page it was. A page names itself with
 * `markVisit` (a response header the cache provider reads and removes); the provider counts every
 * answer, rendered or from memory, so cached pages are counted too. Nothing about the visitor is
 * kept: no cookie, no address, only the page and the day.
 */

/** The response header a page names its visit target in; it never leaves the server. */
export const VISIT_HEADER = 'X-Impulsa-Visit';

/** A product's page (main domain or site: the same product), or one of a site's pages. */
export type VisitTarget =
  { kind: 'product'; productId: number } | { kind: 'page'; siteId: number; path: string };

/** Encodes a target for the header and the buffer's keys: `p12`, `s4:/nosotros`. */
export function encodeTarget(target: VisitTarget): string {
  return target.kind === 'product' ? `p${target.productId}` : `s${target.siteId}:${target.path}`;
}

/** The target `encodeTarget` wrote, or null for anything else. */
export function decodeTarget(value: string): VisitTarget | null {
  const product = /^p(\d{1,9})$/.exec(value);
  if (product) return { kind: 'product', productId: Number(product[1]) };
  const page = /^s(\d{1,9}):(\/[^\s]{0,300})$/.exec(value);
  return page ? { kind: 'page', siteId: Number(page[1]), path: page[2]! } : null;
}

/** Names the page a response shows, for the visit count (see `VISIT_HEADER`). */
export function markVisit(headers: Headers, target: VisitTarget): void {
  headers.set(VISIT_HEADER, encodeTarget(target));
}

/**
 * Crawlers, link previews, monitors and scripted clients announce themselves in their user
 * agent; a request without one is not a person's browser either.
 */
const NOT_A_PERSON = new RegExp(
  [
    ...[String.raw`bot\b`, 'bot/', 'crawl', 'spider', 'slurp', 'scrap'],
    ...['preview', 'facebookexternalhit', 'whatsapp', 'telegram', 'embedly'],
    ...['headless', 'lighthouse', 'pingdom', 'uptime', 'monitor'],
    ...['curl/', 'wget', 'python', 'go-http', 'java/', 'okhttp', 'axios', 'node-fetch', 'undici'],
    ...['postman', '^node$', 'insomnia', 'httpie', '^$'],
  ].join('|'),
  'i',
);

export interface VisitRequest {
  method: string;
  userAgent: string | undefined;
  /** `Sec-Purpose` or `Purpose`: a prefetch is not a visit (yet). */
  purpose: string | undefined;
}

/** User agents already judged: a handful of browsers make most visits, and a lookup costs less. */
const judged = new Map<string, boolean>();
const MAX_JUDGED = 1000;

function isPerson(userAgent: string): boolean {
  let person = judged.get(userAgent);
  if (person === undefined) {
    person = !NOT_A_PERSON.test(userAgent.trim());
    if (judged.size >= MAX_JUDGED) judged.clear();
    judged.set(userAgent, person);
  }
  return person;
}

/** Whether a request that got a page counts as someone visiting it. */
export function countsAsVisit({ method, userAgent, purpose }: VisitRequest): boolean {
  if (method !== 'GET' || !userAgent) return false;
  if (purpose && /prefetch|prerender/i.test(purpose)) return false;
  return isPerson(userAgent);
}
