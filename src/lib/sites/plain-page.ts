/**
 * A page of a site's host that is not the seller's content (not found, unavailable): the visitor
 * came for a seller's site, not for Impulsa, so no app chrome, no script, and `noindex`.
 * `message` is HTML its caller escaped.
 */
import { escapeHtml } from '@/lib/html';

const STYLE = `body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,sans-serif;color:#1f2430;background:#f7f7fb}main{max-width:32rem;padding:2rem;text-align:center}h1{font-size:1.75rem;margin:0 0 .75rem}p{line-height:1.5;color:#4a5160;overflow-wrap:anywhere}`;

export function plainSitePage(title: string, message: string): string {
  return `<!doctype html><html lang="es-CL"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><meta name="robots" content="noindex"><style>${STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1><p>${message}</p></main></body></html>`;
}

/** What a site's visitor sees when its page failed: 503 while the database is away, else 500. */
export function siteErrorPage(unavailable: boolean): Response {
  const html = plainSitePage(
    'Sitio no disponible',
    unavailable
      ? 'Este sitio no está disponible en este momento. Vuelve a intentarlo en unos minutos.'
      : 'Algo salió mal al mostrar esta página. Vuelve a intentarlo en unos minutos.',
  );
  return new Response(html, {
    status: unavailable ? 503 : 500,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      ...(unavailable ? { 'Retry-After': '5' } : {}),
    },
  });
}
