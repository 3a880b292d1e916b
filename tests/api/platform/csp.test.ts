/**
 * No page allows inline script: Astro hashes the few inline scripts it needs (the islands'
 * bootstrap) into each page's policy, and every inline script a page carries matches one.
 */
import { createHash } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';

const [server] = inject('servers');
const INLINE_SCRIPT =
  /<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g;

describe('Content-Security-Policy', () => {
  it("app pages allow no 'unsafe-inline' script, and hash each inline script they carry", async () => {
    for (const path of ['/', '/login', '/registrate', '/landing']) {
      const res = await fetch(server!.url + path);
      const policy = res.headers.get('content-security-policy') ?? '';
      const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1] ?? '';
      expect(scriptSrc, path).not.toContain("'unsafe-inline'");
      expect(policy, path).toContain("frame-ancestors 'self'");
      const html = await res.text();
      const inline = [...html.matchAll(INLINE_SCRIPT)].map((m) => m[1]!);
      if (path !== '/landing') expect(inline.length, path).toBeGreaterThan(0);
      for (const code of inline) {
        const hash = `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
        expect(scriptSrc, `${path}: ${code.slice(0, 60)}`).toContain(hash);
      }
    }
  });

  it('answers Astro does not render as a page get a policy without inline script too', async () => {
    const res = await fetch(`${server!.url}/api/health/`);
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self';/);
  });
});
