import { describe, expect, it } from 'vitest';
import {
  FLASH_MAX_AGE_MS,
  flashCookieString,
  parseFlash,
  readFlashCookie,
} from '@/lib/toast/flash';

describe('flash toast cookie', () => {
  const now = 1_700_000_000_000;
  const raw = JSON.stringify({
    title: 'Hola',
    description: 'Mundo',
    variant: 'destructive',
    at: now,
  });

  it('parses a fresh flash', () => {
    expect(parseFlash(raw, now + 1000)).toEqual({
      title: 'Hola',
      description: 'Mundo',
      variant: 'destructive',
      at: now,
    });
  });

  it('ignores stale, malformed or missing values', () => {
    expect(parseFlash(raw, now + FLASH_MAX_AGE_MS + 1)).toBeNull();
    expect(parseFlash('{nope', now)).toBeNull();
    expect(parseFlash(undefined, now)).toBeNull();
    expect(parseFlash(JSON.stringify({ title: 'x' }), now)).toBeNull();
  });

  it('round-trips through a cookie string', () => {
    const set = flashCookieString({ title: 'Año; ñ=1', at: now });
    expect(set).toMatch(/Path=\/; Max-Age=15; SameSite=Lax$/);
    const header = `other=1; ${set.split(';')[0]}`;
    expect(parseFlash(readFlashCookie(header), now)?.title).toBe('Año; ñ=1');
    expect(flashCookieString(null)).toContain('Max-Age=0');
  });
});
