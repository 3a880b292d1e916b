/** Which encoding a request accepts, which files are compressed, and that compressing loses nothing. */
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  acceptedEncoding,
  compress,
  compressAsync,
  compressibleType,
} from '@/lib/server/http/encoding';

describe('acceptedEncoding', () => {
  it('prefers brotli, then gzip, as browsers send them', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip, deflate')).toBe('gzip');
    expect(acceptedEncoding('deflate')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
    expect(acceptedEncoding('')).toBeNull();
  });

  it('follows q-values and the wildcard', () => {
    expect(acceptedEncoding('br;q=0, gzip')).toBe('gzip');
    expect(acceptedEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(acceptedEncoding('BR ; q=1.0, GZIP;q=0.9')).toBe('br');
    expect(acceptedEncoding('gzip;q=0, br;q=0')).toBeNull();
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('*;q=0, gzip')).toBe('gzip');
    expect(acceptedEncoding('identity, *;q=0')).toBeNull();
    expect(acceptedEncoding('br;q=nonsense, gzip')).toBe('gzip');
  });
});

describe('compress', () => {
  it('round-trips in both encodings and levels, on and off the thread', async () => {
    const body = new TextEncoder().encode(
      'const impulsa = "de la idea a la primera venta";\n'.repeat(200),
    );
    for (const level of ['best', 'fast'] as const) {
      expect(zlib.brotliDecompressSync(compress(body, 'br', level))).toEqual(Buffer.from(body));
      expect(zlib.gunzipSync(compress(body, 'gzip', level))).toEqual(Buffer.from(body));
      expect(zlib.brotliDecompressSync(await compressAsync(body, 'br', level))).toEqual(
        Buffer.from(body),
      );
      expect(zlib.gunzipSync(await compressAsync(body, 'gzip', level))).toEqual(Buffer.from(body));
    }
  });

  it('knows the text files of the build and the type each is served as', () => {
    expect(compressibleType('/_astro/client.DlpDQxc9.js')).toBe('text/javascript; charset=utf-8');
    expect(compressibleType('/_astro/Document.BbsunIXM.CSS')).toBe('text/css; charset=utf-8');
    expect(compressibleType('/favicon.svg')).toBe('image/svg+xml');
    expect(compressibleType('/lessons/precios-e-iva.vtt')).toBe('text/vtt; charset=utf-8');
    expect(compressibleType('/lessons/precios-e-iva.mp4')).toBeUndefined();
    expect(compressibleType('/_astro/inter-latin-wght-normal.woff2')).toBeUndefined();
    expect(compressibleType('/og-image.png')).toBeUndefined();
    expect(compressibleType('/sin-extension')).toBeUndefined();
  });
});
