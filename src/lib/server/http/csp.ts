/** The Content-Security-Policies and the other security headers every answer carries, and edits for single responses. */

/** `csp` with `origin` added to `form-action`: a page whose form posts to a payment provider (Webpay). */
export function withFormAction(csp: string, origin: string): string {
  return csp.replace(
    /form-action ([^;]*)/,
    (_, sources: string) => `form-action ${sources} ${origin}`,
  );
}

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

/** The headers every answer carries besides its policy, whichever path made it (docs/design.md §6). */
export const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'SAMEORIGIN',
} as const;
