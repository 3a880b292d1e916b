/**
 * A page of a site's host that is not the seller's content: the visitor came for a seller's site,
 * not for Impulsa, so it is a plain page (no app chrome, no script, `noindex`).
 */
import { plainPage } from '@/lib/plain-page';

/** What a site's visitor sees when its page failed: 503 while the database is away, else 500. */
export function siteErrorPage(unavailable: boolean): Response {
  const html = plainPage('Sitio no disponible', [
    unavailable
      ? 'Este sitio no está disponible en este momento. Vuelve a intentarlo en unos minutos.'
      : 'Algo salió mal al mostrar esta página. Vuelve a intentarlo en unos minutos.',
  ]);
  return new Response(html, {
    status: unavailable ? 503 : 500,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      ...(unavailable ? { 'Retry-After': '5' } : {}),
    },
  });
}
