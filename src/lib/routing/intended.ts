/**
 * The intended route: where a signed-out visitor was going, kept until they sign in.
 * It is only ever a path on our own origin; anything else is dropped.
 */
import { cookieName } from '@/lib/cookies';

/** Cookie that holds it (HttpOnly, one hour). */
export const INTENDED_COOKIE = cookieName('intended');

const BASE = 'http://impulsa.invalid';

/** True when `path` is a path on our origin: one leading slash, no backslash, no control character. */
function isLocalPath(path: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  return path.startsWith('/') && !path.startsWith('//') && !/[\u0000-\u001f\u007f\\]/.test(path);
}

/** `value` and what it becomes when percent-decoded up to three times (double-encoded bypasses). */
function decodings(value: string): string[] | null {
  const out = [value];
  for (let i = 0; i < 3; i++) {
    try {
      const next = decodeURIComponent(out.at(-1)!);
      if (next === out.at(-1)) break;
      out.push(next);
    } catch {
      return null;
    }
  }
  return out;
}

/**
 * The same-origin path (`/x?y`) that `raw` names, or null. It is normalised first, as the
 * browser will (`/.//evil.com` becomes `//evil.com`), and the normalised form, the raw one and
 * their decodings are checked: protocol-relative (`//evil.com`), backslash (`/\evil.com`),
 * encoded forms of both, control characters and anything with a scheme are refused.
 */
export function safeIntendedPath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2048) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const normalised = url.pathname + url.search;
  const candidates = [...(decodings(raw) ?? []), ...(decodings(normalised) ?? [])];
  if (candidates.length === 0 || !candidates.every(isLocalPath)) return null;
  return normalised;
}
