import type { AstroGlobal } from 'astro';

/**
 * The Content-Security-Policies and the other security headers every answer carries, and edits for
 * single responses.
 */

/**
 * Lets a page's form post to `origin` (Webpay's form, WhatsApp's redirect): in the policy Astro
 * writes for an app page, and in the tenant policy `securityHeaders` writes on a site's host.
 */
export function allowFormAction(page: Pick<AstroGlobal, 'csp' | 'locals'>, origin: string): void {
  page.csp?.insertDirective(`form-action ${origin}`);
  (page.locals.formActions ??= []).push(origin);
}

/** `csp` with `origin` added to `form-action`. */
export function withFormAction(csp: string, origin: string): string {
  return csp.replace(
    /form-action ([^;]*)/,
    (_, sources: string) => `form-action ${sources} ${origin}`,
  );
}

/**
 * The app's directives besides `script-src` and `style-src`: Astro writes the whole policy of a
 * page it renders (astro.config.mjs, `security.csp`), those two with the hashes of its own inline
 * scripts. Framing is limited to our own pages.
 */
export const APP_CSP_DIRECTIVES = [
  "default-src 'self'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' https:",
  "frame-src 'self' https://www.youtube-nocookie.com https://player.vimeo.com",
  "frame-ancestors 'self'",
  "form-action 'self'",
  "base-uri 'self'",
  "object-src 'none'",
] as const;

/** The app's policy on what Astro does not render as a page (API answers, refusals): no inline script. */
export const APP_CSP = [
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  ...APP_CSP_DIRECTIVES,
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
