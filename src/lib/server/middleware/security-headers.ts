import { defineMiddleware } from 'astro:middleware';

/**
 * The app's Content-Security-Policy. Islands need Astro's inline bootstrap script;
 * everything else comes from our own origin. Framing is limited to our own pages.
 */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' https:",
  "frame-src 'self' https://www.youtube-nocookie.com https://player.vimeo.com",
  "frame-ancestors 'self'",
  "form-action 'self'",
  "base-uri 'self'",
  "object-src 'none'",
].join('; ');

/**
 * Sites' pages (tenant hosts and previews): sellers' content, so no script at all, and only our
 * own app may frame them (the editor's preview). `connect-src 'self'` lets tools that read the
 * site's /robots.txt from the page (Lighthouse's SEO audit) do so; with no script allowed,
 * nothing on the page itself can make a request.
 */
export const TENANT_CSP = [
  "default-src 'self'",
  "script-src 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'none'",
  "frame-ancestors 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "object-src 'none'",
].join('; ');

/** Set by the 500 page to the error's own status (e.g. 503), which Astro would replace by 500. */
export const ERROR_STATUS_HEADER = 'X-Impulsa-Error-Status';

/** Adds the security headers of docs/design.md §6 to every response that lacks them. */
export const securityHeaders = defineMiddleware(async (context, next) => {
  let response = await next();
  const errorStatus = Number(response.headers.get(ERROR_STATUS_HEADER));
  if (errorStatus >= 400 && errorStatus <= 599) {
    const copy = new Headers(response.headers);
    copy.delete(ERROR_STATUS_HEADER);
    response = new Response(response.body, { status: errorStatus, headers: copy });
  }
  const headers = response.headers;
  if (!headers.has('Content-Security-Policy'))
    headers.set('Content-Security-Policy', context.locals.sitePath != null ? TENANT_CSP : APP_CSP);
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  if (!headers.has('X-Frame-Options')) headers.set('X-Frame-Options', 'SAMEORIGIN');
  if (context.url.protocol === 'https:')
    headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  return response;
});
