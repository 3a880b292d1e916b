import type { AstroCookies } from 'astro';
import { FLASH_COOKIE, FLASH_MAX_AGE_MS, type FlashInput } from '@/lib/toast/flash';

/** Leaves a toast for the next page, from the server (a form that worked without JavaScript). */
export function setFlash(cookies: AstroCookies, toast: FlashInput): void {
  cookies.set(FLASH_COOKIE, JSON.stringify({ ...toast, at: Date.now() }), {
    path: '/',
    sameSite: 'lax',
    maxAge: Math.ceil(FLASH_MAX_AGE_MS / 1000),
  });
}
