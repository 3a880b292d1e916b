/**
 * Compressed responses: which encoding a request accepts, and the bytes in it. The build
 * compresses the client's text files once at the highest levels (`astro.config.mjs`), and
 * the HTTP server (`http/serve.ts`) sends those; the render cache compresses a page on its first hit by a
 * browser that accepts it, at levels that cost about a millisecond. Everything else (signed-in
 * pages, the API) is left to the TLS proxy in front (`encode` in `deploy/Caddyfile`).
 */
import zlib from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** The file suffix of each encoding's precompressed twin (`app.js.br`). */
export const ENCODING_SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** Text files of the build worth compressing, with the type they are served as. */
const COMPRESSIBLE_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.vtt': 'text/vtt; charset=utf-8',
};

/** Below this, compressing saves less than the headers and the work cost. */
export const MIN_COMPRESS_BYTES = 1024;

/** The type a compressible path is served as; undefined when it is not compressible. */
export function compressibleType(path: string): string | undefined {
  const dot = path.lastIndexOf('.');
  return dot === -1 ? undefined : COMPRESSIBLE_TYPES[path.slice(dot).toLowerCase()];
}

/**
 * The best encoding `Accept-Encoding` allows: brotli, then gzip; null for neither (or a header
 * that refuses them with `q=0`). `*` counts for any encoding not named.
 */
export function acceptedEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.toLowerCase().split(';');
    const name = rawName!.trim();
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: Encoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return null;
}

type Level = 'best' | 'fast';

/** Zlib's options for `encoding`: `best` for the build (once per file), `fast` for responses. */
function options(
  encoding: Encoding,
  level: Level,
  size: number,
): zlib.ZlibOptions | zlib.BrotliOptions {
  if (encoding === 'gzip') return { level: level === 'best' ? 9 : 6 };
  return {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: level === 'best' ? 11 : 5,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
}

/** `body` in `encoding`, on this thread (a page: about a millisecond at `fast`). */
export function compress(body: Uint8Array, encoding: Encoding, level: Level): Buffer {
  return encoding === 'gzip'
    ? zlib.gzipSync(body, options(encoding, level, body.byteLength))
    : zlib.brotliCompressSync(body, options(encoding, level, body.byteLength));
}

/** `body` in `encoding`, on libuv's thread pool (the build compresses many files at once). */
export function compressAsync(body: Uint8Array, encoding: Encoding, level: Level): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, result: Buffer) => (error ? reject(error) : resolve(result));
    if (encoding === 'gzip') zlib.gzip(body, options(encoding, level, body.byteLength), done);
    else zlib.brotliCompress(body, options(encoding, level, body.byteLength), done);
  });
}
