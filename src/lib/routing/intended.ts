/**
 * The intended route: where a signed-out visitor was going, kept until they sign in.
 * It is only ever a path on our own origin; anything else is dropped.
 */

/** Cookie that holds it (HttpOnly, one hour). */
export const INTENDED_COOKIE = 'impulsa_intended';

/**
 * Returns `raw` if it is a same-origin path (`/x?y`), else null. Rejects protocol-relative
 * (`//evil.com`), backslash (`/\evil.com`), encoded forms of both, control characters and
 * anything with a scheme (`javascript:`).
 */
export function safeIntendedPath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2048) return null;
  let decoded = raw;
  for (let i = 0; i < 3; i++) {
    try {
      const next = decodeURIComponent(decoded);
      if (next === decoded) break;
      decoded = next;
    } catch {
      return null;
    }
  }
  for (const candidate of [raw, decoded]) {
    if (!candidate.startsWith('/')) return null;
    if (candidate.startsWith('//') || candidate.startsWith('/\\')) return null;
    if (/[\u0000-\u001f\u007f\\]/.test(candidate)) return null;
  }
  try {
    const url = new URL(raw, 'http://impulsa.invalid');
    if (url.origin !== 'http://impulsa.invalid') return null;
    return url.pathname + url.search;
  } catch {
    return null;
  }
}
