/**
 * A published site's `sitemap.xml` and `robots.txt`, built from plain data so the rules (absolute
 * URLs on the site's canonical origin, escaped paths, last change as a date) are tested without a
 * server.
 */

export interface SitemapEntry {
  /** A path on the site, starting with "/". */
  path: string;
  lastModified?: Date;
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

/** `origin`: where the site's paths live (its canonical origin, or the preview base on the main domains). */
export function sitemapXml(origin: string, entries: SitemapEntry[]): string {
  const seen = new Set<string>();
  const urls = entries
    .filter((e) => !seen.has(e.path) && seen.add(e.path))
    .map((e) => {
      const loc = `<loc>${escapeXml(origin + encodeURI(e.path))}</loc>`;
      const day = e.lastModified?.toISOString().slice(0, 10);
      return `<url>${loc}${day ? `<lastmod>${day}</lastmod>` : ''}</url>`;
    })
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`
  );
}

/** Everything may be crawled; the sitemap is named only where the site has its own origin (not on a preview link). */
export function robotsTxt(origin: string | null): string {
  return `User-agent: *\nAllow: /\n${origin ? `Sitemap: ${origin}/sitemap.xml\n` : ''}`;
}
