/** Sealed secrets: read back under the same key, refused when altered or under another key. */
import { afterEach, describe, expect, it } from 'vitest';
import { forgetSealingKey, openSecret, sealSecret } from '@/lib/server/secrets';

const saved = process.env.SECRETS_KEY;
afterEach(() => {
  process.env.SECRETS_KEY = saved;
  forgetSealingKey();
});

describe('sealed secrets', () => {
  it('read back only under the key they were sealed with, and never look like the secret', () => {
    process.env.SECRETS_KEY = 'c'.repeat(64);
    forgetSealingKey();
    const key = '579B532A7440BB0C9079DED94D31EA1615BACEB56610332264630D42D0A36B1C';
    const sealed = sealSecret(key);
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain(key.slice(0, 16));
    expect(sealSecret(key)).not.toBe(sealed);
    expect(openSecret(sealed)).toBe(key);

    const [format, iv, tag, data] = sealed.split(':');
    const flipped = data!.startsWith('A') ? 'B' + data!.slice(1) : 'A' + data!.slice(1);
    expect(() => openSecret([format, iv, tag, flipped].join(':'))).toThrow();

    process.env.SECRETS_KEY = 'd'.repeat(64);
    forgetSealingKey();
    expect(() => openSecret(sealed)).toThrow();
  });

  it('refuses a key that is not 32 bytes of hex', () => {
    process.env.SECRETS_KEY = 'corta';
    forgetSealingKey();
    expect(() => sealSecret('x')).toThrow(/64 hexadecimal/);
  });
});
