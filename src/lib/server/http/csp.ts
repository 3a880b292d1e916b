/** Content-Security-Policy edits for single responses. */

/** `csp` with `origin` added to `form-action`: a page whose form posts to a payment provider (Webpay). */
export function withFormAction(csp: string, origin: string): string {
  return csp.replace(
    /form-action ([^;]*)/,
    (_, sources: string) => `form-action ${sources} ${origin}`,
  );
}
