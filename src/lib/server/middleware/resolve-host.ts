import { defineMiddleware } from 'astro:middleware';
import { resolveSite } from '../../routing/hosts.ts';
import { mainDomains } from '../config.ts';

/**
 * Records which site the request is for in `locals.site`. Main-domain requests go on to
 * the app's routes; a tenant host (subdomain or custom domain) is answered by the sites
 * feature, and until a site is published there it gets a plain 404.
 */
export const resolveHost = defineMiddleware(async (context, next) => {
  const site = resolveSite(context.request.headers.get('host') ?? context.url.host, mainDomains());
  context.locals.site = site;
  if (site.kind === 'main') return next();
  return new Response(
    '<!doctype html><html lang="es-CL"><meta charset="utf-8"><title>Sitio no encontrado</title>' +
      '<body style="font-family:system-ui;padding:3rem;text-align:center"><h1>Sitio no encontrado</h1>' +
      '<p>No hay ningún sitio publicado en esta dirección.</p></body></html>',
    { status: 404, headers: { 'Content-Type': 'text/html; charset=utf-8' } },
  );
});
