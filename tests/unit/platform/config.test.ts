import { afterEach, describe, expect, it, vi } from 'vitest';

/** The configuration as a server started with `vars` has it (astro:env reads at start). */
async function startedWith(vars: Record<string, string>) {
  vi.unstubAllEnvs();
  for (const [key, value] of Object.entries(vars)) vi.stubEnv(key, value);
  vi.resetModules();
  return import('@/lib/server/config');
}

describe('configuration', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('SITE_URL follows PORT when it is not set, so links point where the server listens', async () => {
    const on4400 = await startedWith({ SITE_URL: '', PORT: '4400' });
    expect(on4400.siteUrl().href).toBe('http://localhost:4400/');
    const unset = await startedWith({ SITE_URL: '', PORT: '' });
    expect(unset.siteUrl().href).toBe('http://localhost:4321/');
  });

  it('SITE_URL, when set, wins over PORT', async () => {
    const config = await startedWith({ SITE_URL: 'https://impulsa.cl', PORT: '4400' });
    expect(config.siteUrl().origin).toBe('https://impulsa.cl');
  });

  it('a variable of the wrong type stops the start with its name, instead of a silent default', async () => {
    await expect(startedWith({ ORDER_RATE_LIMIT: 'sesenta' })).rejects.toThrow(/ORDER_RATE_LIMIT/);
    await expect(startedWith({ ORDER_RATE_LIMIT: '2.5' })).rejects.toThrow(/ORDER_RATE_LIMIT/);
    await expect(startedWith({ JOB_POLL_MS: '-5' })).rejects.toThrow(/JOB_POLL_MS/);
    await expect(startedWith({ SITE_URL: 'impulsa.cl' })).rejects.toThrow(/SITE_URL/);
    const config = await startedWith({ ORDER_RATE_LIMIT: '12', JOB_POLL_MS: '500' });
    expect(config.orderRateLimit()).toBe(12);
    expect(config.jobSettings().pollMs).toBe(500);
  });
});
