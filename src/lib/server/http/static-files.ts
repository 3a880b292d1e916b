/**
 * The build's client files (dist/client), answered by the HTTP server itself so a dynamic request
 * never costs a stat: ranges and ETags (`send`), and the brotli or gzip twin the build made
 * (astro.config.mjs, `precompress`) for a browser that takes it. Bundled assets are immutable;
 * lesson videos, captions and posters (public/lessons/) change only when a lesson is re-recorded.
 */
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { acceptedEncoding, compressibleType, ENCODING_SUFFIX } from '@/lib/server/http/encoding';

const LESSON_MEDIA_CACHE = 'public, max-age=604800, stale-while-revalidate=86400';
const ASSET_CACHE = 'public, max-age=31536000, immutable';

type Send = typeof import('send');

/**
 * `send` and what it loads (its MIME database above all) cost some 50 ms of a start: loaded once
 * the server has answered its first request, or by the first static file asked before that.
 */
let sendModule: Promise<Send> | undefined;
export const loadSend = () =>
  (sendModule ??= import('send').then((m: { default: Send }) => m.default));

/** The decoded path of a request URL, or null when it does not decode (a 400, as the adapter answers). */
export function requestPath(url: string): string | null {
  const end = url.search(/[?#]/);
  try {
    return decodeURI(end === -1 ? url : url.slice(0, end));
  } catch {
    return null;
  }
}

/** The files of `clientDir`, read once: a build never changes under a running server. */
export function staticFiles(clientDir: string) {
  const files = new Set(
    fs
      .readdirSync(clientDir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map(
        (e) =>
          '/' + path.relative(clientDir, path.join(e.parentPath, e.name)).split(path.sep).join('/'),
      ),
  );
  return {
    has: (pathname: string) => files.has(pathname),
    /** Answers `pathname`, a file of the build. */
    serve(req: IncomingMessage, res: ServerResponse, pathname: string): void {
      loadSend().then(
        (send) => sendFile(send, req, res, pathname),
        () => {
          res.statusCode = 500;
          res.end();
        },
      );
    },
  };

  function sendFile(send: Send, req: IncomingMessage, res: ServerResponse, pathname: string) {
    const type = compressibleType(pathname);
    const encoding = type ? acceptedEncoding(req.headers['accept-encoding']) : null;
    const twin =
      encoding && files.has(pathname + ENCODING_SUFFIX[encoding])
        ? pathname + ENCODING_SUFFIX[encoding]
        : null;
    send(req, twin ?? pathname, { root: clientDir, dotfiles: 'deny' })
      .on('headers', (response: ServerResponse) => {
        if (type) response.setHeader('Vary', 'Accept-Encoding');
        if (twin && encoding) {
          response.setHeader('Content-Encoding', encoding);
          response.setHeader('Content-Type', type!);
        }
        if (pathname.startsWith('/_astro/')) response.setHeader('Cache-Control', ASSET_CACHE);
        else if (pathname.startsWith('/lessons/'))
          response.setHeader('Cache-Control', LESSON_MEDIA_CACHE);
      })
      .on('error', (error: { statusCode?: number }) => {
        res.statusCode = error.statusCode ?? 500;
        res.end();
      })
      .pipe(res);
  }
}
