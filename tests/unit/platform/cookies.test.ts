/**
 * One cookie registry (issue 47): `src/lib/cookies.ts` names every cookie, and the page caches'
 * lists derive from it. A cookie name written anywhere else in `src` fails here, so a new cookie
 * cannot be read while rendering a cacheable page without saying what it means for the caches.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cookieName, cookieNames } from '@/lib/cookies';
import { cacheKey } from '@/lib/server/cache/page-cache';
import { UNKEPT_COOKIES } from '@/lib/server/private-answers/kept-answers';

/** `impulsa_…` names that are not cookies: NOTIFY channels and prepared statements. */
const NOT_COOKIES = new Set(['impulsa_jobs', 'impulsa_page_cache', 'impulsa_']);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.(ts|tsx|astro|mjs)$/.test(e.name) ? [full] : [];
  });
}

describe('the cookie registry', () => {
  it('no file but the registry writes a cookie name in a string', () => {
    const stray: string[] = [];
    // Quoted in code (comments name cookies in backticks, which is fine).
    for (const file of sources('src')) {
      if (file === path.join('src', 'lib', 'cookies.ts')) continue;
      const code = fs.readFileSync(file, 'utf8');
      for (const [, name] of code.matchAll(/['"]((?:__Host-)?impulsa_[a-z_]*)['"]/g))
        if (!NOT_COOKIES.has(name!)) stray.push(`${file}: ${name}`);
    }
    expect(stray).toEqual([]);
  });

  it('a cookie that makes a public page personal keeps the request off the shared copy', () => {
    const ask = (cookie?: string) =>
      cacheKey({ method: 'GET', host: 'impulsa.cl', path: '/', cookie, authorization: undefined });
    expect(ask()).toBe('impulsa.cl/');
    for (const name of cookieNames('publicPage', 'personal')) expect(ask(`${name}=x`)).toBeNull();
    for (const name of cookieNames('publicPage', 'unread')) expect(ask(`${name}=x`)).not.toBeNull();
  });

  it('the kept answers skip exactly the cookies that change a signed-in page', () => {
    expect([...UNKEPT_COOKIES].sort()).toEqual(cookieNames('signedInPage', 'changes').sort());
    expect(UNKEPT_COOKIES).toContain(cookieName('flash'));
  });

  it('a cookie with a __Host- name is named by protocol', () => {
    expect(cookieName('session', 'https:')).toBe('__Host-impulsa_session');
    expect(cookieName('session', 'http:')).toBe('impulsa_session');
    expect(cookieName('flash', 'https:')).toBe('impulsa_flash');
  });
});
