/**
 * A toast raised just before a full-page navigation survives it in a short-lived cookie,
 * so the next page (even a zero-JS one, which then loads the toast island) shows it.
 */
import { cookieName } from '@/lib/cookies';

/** Cookie name, readable by the server to decide whether to render the toast island. */
export const FLASH_COOKIE = cookieName('flash');
/** A flash older than this (ms) is stale and ignored. */
export const FLASH_MAX_AGE_MS = 15_000;

/** What travels in the cookie: only plain text. */
export interface FlashToast {
  title?: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** When it was raised (ms since epoch). */
  at: number;
}

/** A toast as a server-side form step answers it: the time is stamped when it is set. */
export type FlashInput = Omit<FlashToast, 'at'>;

/** Parses a cookie value; null when absent, malformed or stale. */
export function parseFlash(raw: string | undefined, now = Date.now()): FlashToast | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<FlashToast>;
    if (typeof value !== 'object' || value === null || typeof value.at !== 'number') return null;
    if (now - value.at > FLASH_MAX_AGE_MS || value.at > now + 60_000) return null;
    const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, 500) : undefined);
    return {
      title: text(value.title),
      description: text(value.description),
      variant: value.variant === 'destructive' ? 'destructive' : 'default',
      at: value.at,
    };
  } catch {
    return null;
  }
}

/** The `document.cookie` assignment that stores `flash` (or clears it when null). */
export function flashCookieString(flash: FlashToast | null): string {
  if (!flash) return `${FLASH_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
  const maxAge = Math.ceil(FLASH_MAX_AGE_MS / 1000);
  return `${FLASH_COOKIE}=${encodeURIComponent(JSON.stringify(flash))}; Path=/; Max-Age=${maxAge}; SameSite=Lax`;
}

/** Reads the flash from a `document.cookie` string. */
export function readFlashCookie(cookieHeader: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === FLASH_COOKIE) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
