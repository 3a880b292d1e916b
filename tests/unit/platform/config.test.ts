import { afterEach, describe, expect, it, vi } from 'vitest';
import { siteUrl } from '@/lib/server/config';

describe('configuration', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('SITE_URL follows PORT when it is not set, so links point where the server listens', () => {
    vi.stubEnv('SITE_URL', '');
    vi.stubEnv('PORT', '4400');
    expect(siteUrl().href).toBe('http://localhost:4400/');
    vi.stubEnv('PORT', '');
    expect(siteUrl().href).toBe('http://localhost:4321/');
  });

  it('SITE_URL, when set, wins over PORT', () => {
    vi.stubEnv('SITE_URL', 'https://impulsa.cl');
    vi.stubEnv('PORT', '4400');
    expect(siteUrl().origin).toBe('https://impulsa.cl');
  });
});
