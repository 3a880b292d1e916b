import { defineMiddleware } from 'astro:middleware';
import { APP_CSP, SECURITY_HEADERS, TENANT_CSP, withFormAction } from '@/lib/server/http/csp';

export { APP_CSP, TENANT_CSP } from '@/lib/server/http/csp';

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
  // A site's page runs no script whatever Astro would allow; an app page keeps the policy Astro
  // wrote with its scripts' hashes, and an answer Astro did not render gets ours.
  if (context.locals.sitePath != null)
    headers.set(
      'Content-Security-Policy',
      (context.locals.formActions ?? []).reduce(withFormAction, TENANT_CSP),
    );
  else if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', APP_CSP);
  for (const [name, value] of Object.entries(SECURITY_HEADERS))
    if (name !== 'X-Frame-Options' || !headers.has(name)) headers.set(name, value);
  if (context.url.protocol === 'https:')
    headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  return response;
});
