/**
 * Compressed responses: the build's text files in their brotli and gzip twins, cached public
 * pages compressed on their first hit; the same bytes once decoded, the right type, and
 * nothing compressed for a client that does not ask.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { claimServers } from '../../support/claims';

const servers = claimServers();

/** A GET with the bytes as they travel (fetch would decode them). */
function rawGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

const decode = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync } as const;

describe.each(servers)('compression on $kind', ({ url }) => {
  it("serves the build's stylesheet and scripts in brotli or gzip as asked, or as they are", async () => {
    const home = (await rawGet(`${url}/`)).body.toString();
    const assets = [
      ...home.matchAll(/(?:href|src|component-url|renderer-url)="(\/_astro\/[^"]+\.(?:css|js))"/g),
    ].map((m) => m[1]!);
    expect(assets.some((a) => a.endsWith('.css'))).toBe(true);
    expect(assets.some((a) => a.endsWith('.js'))).toBe(true);
    for (const asset of assets) {
      const plain = await rawGet(url + asset);
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('Accept-Encoding');
      const type = asset.endsWith('.css')
        ? 'text/css; charset=utf-8'
        : 'text/javascript; charset=utf-8';
      for (const encoding of ['br', 'gzip'] as const) {
        const packed = await rawGet(url + asset, {
          'Accept-Encoding': encoding === 'br' ? 'gzip, deflate, br, zstd' : 'gzip, deflate',
        });
        expect(packed.status).toBe(200);
        if (plain.body.byteLength < 1024) {
          expect(packed.headers['content-encoding']).toBeUndefined();
          continue;
        }
        expect(packed.headers['content-encoding']).toBe(encoding);
        expect(packed.headers['content-type']).toBe(type);
        expect(packed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(packed.headers.vary).toBe('Accept-Encoding');
        expect(Number(packed.headers['content-length'])).toBe(packed.body.byteLength);
        expect(packed.body.byteLength).toBeLessThan(plain.body.byteLength);
        expect(decode[encoding](packed.body)).toEqual(plain.body);
      }
    }
  });

  it('a cached public page comes compressed from the render cache, the same page once decoded', async () => {
    await rawGet(`${url}/landing`);
    const plain = await rawGet(`${url}/landing`);
    expect(plain.headers['x-render-cache']).toBe('hit');
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const encoding of ['br', 'gzip'] as const) {
      const packed = await rawGet(`${url}/landing`, { 'Accept-Encoding': encoding });
      expect(packed.headers['x-render-cache']).toBe('hit');
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.headers['content-type']).toContain('text/html');
      expect(packed.headers.vary).toContain('Accept-Encoding');
      expect(packed.body.byteLength).toBeLessThan(plain.body.byteLength / 3);
      expect(decode[encoding](packed.body).toString()).toBe(plain.body.toString());
    }
  });

  it('a video is sent as it is, ranges and all', async () => {
    const video = await rawGet(`${url}/lessons/como-validar-tu-idea.mp4`, {
      'Accept-Encoding': 'gzip, br',
      Range: 'bytes=0-1023',
    });
    expect(video.status).toBe(206);
    expect(video.headers['content-encoding']).toBeUndefined();
    expect(video.body.byteLength).toBe(1024);
  });
});
