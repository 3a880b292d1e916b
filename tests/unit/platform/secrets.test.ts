/** Sealed secrets: read back under the same key, refused when altered or under another key. */
import { afterEach, describe, expect, it, vi } from 'vitest';

/** The sealing module as a server started with `SECRETS_KEY=key` has it (astro:env reads at start). */
async function startedWith(key: string) {
  vi.stubEnv('SECRETS_KEY', key);
  vi.resetModules();
  return import('@/lib/server/secrets');
}
afterEach(() => vi.unstubAllEnvs());

describe('sealed secrets', () => {
  it('read back only under the key they were sealed with, and never look like the secret', async () => {
    const { sealSecret, openSecret } = await startedWith('c'.repeat(64));
    const key = '579B532A7440BB0C9079DED94D31EA1615BACEB56610332264630D42D0A36B1C';
    const sealed = sealSecret(key);
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain(key.slice(0, 16));
    expect(sealSecret(key)).not.toBe(sealed);
    expect(openSecret(sealed)).toBe(key);

    const [format, iv, tag, data] = sealed.split(':');
    const flipped = data!.startsWith('A') ? 'B' + data!.slice(1) : 'A' + data!.slice(1);
    expect(() => openSecret([format, iv, tag, flipped].join(':'))).toThrow();

    const other = await startedWith('d'.repeat(64));
    expect(() => other.openSecret(sealed)).toThrow();
  });

  it('refuses at start a key that is not 64 characters, and at use one that is not hex', async () => {
    await expect(startedWith('corta')).rejects.toThrow(/SECRETS_KEY/);
    const { sealSecret } = await startedWith('z'.repeat(64));
    expect(() => sealSecret('x')).toThrow(/64 hexadecimal/);
  });
});
