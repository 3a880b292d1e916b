/**
 * The HTTP server (node:http) in front of Astro's handler: it opens the database, answers from
 * memory what it can (cached public pages, kept signed-in answers, the build's files) and hands
 * the rest to Astro in turns; it closes cleanly on SIGINT/SIGTERM. `scripts/serve.mjs` is its
 * launcher; this runs from the build, as `start()` of `dist/server/runtime.mjs`.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pageCache } from '@/lib/server/cache/page-cache';
import { listenAddress, trustProxy } from '@/lib/server/config';
import { closeDatabase, getDatabase } from '@/lib/server/db/client';
import { containDriverFaults } from '@/lib/server/db/driver-faults';
import { isConnectionError } from '@/lib/server/db/errors';
import { DataDirLockedError } from '@/lib/server/db/lock';
import type { DbHandle } from '@/lib/server/db/handle';
import { answerClientError, OUTSIDE_HEADERS } from '@/lib/server/http/client-error';
import { loadSend, requestPath, staticFiles } from '@/lib/server/http/static-files';
import { turnQueue } from '@/lib/server/http/turn-queue';
import { serverListening } from '@/lib/server/jobs';
import { log } from '@/lib/server/log';
import { startMemoryRelease } from '@/lib/server/memory';
import { privateAnswers } from '@/lib/server/private-answers';

/** Astro's app handler (the node adapter's middleware mode). */
type AstroHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export interface ServeOptions {
  /** Astro's `dist/server/entry.mjs`. */
  entry: URL;
  /** The build's `dist/client/`. */
  clientDir: string;
  /** Work that must finish before the database closes (a job in flight, the last visits). */
  beforeClose: (() => Promise<unknown>)[];
}

/** Opens the database, waiting up to 30 s for a PostgreSQL server that is still starting. */
async function openDatabaseWithRetry(): Promise<DbHandle> {
  const deadline = Date.now() + 30_000;
  for (let delay = 250; ; delay = Math.min(delay * 2, 4000)) {
    try {
      return await getDatabase();
    } catch (error) {
      if (error instanceof DataDirLockedError) {
        console.error(error.message);
        process.exit(1);
      }
      if (!isConnectionError(error) || Date.now() > deadline) throw error;
      log.warn('database not reachable yet, retrying', { delayMs: delay });
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}

export async function serve({ entry, clientDir, beforeClose }: ServeOptions): Promise<void> {
  // Pages, endpoints, the 404: its import starts before the database opens.
  const app = import(entry.href) as Promise<{ handler: AstroHandler }>;
  app.catch(() => {}); // awaited below, once the database is open
  let handle: DbHandle;
  try {
    handle = await openDatabaseWithRetry();
  } catch (error) {
    console.error(
      'No se pudo abrir la base de datos:',
      error instanceof Error ? error.message : error,
    );
    process.exit(1);
  }
  const { handler } = await app;
  const files = staticFiles(clientDir);
  const proxied = trustProxy();
  const { host, port } = listenAddress();
  /** Requests for Astro start in turns of the event loop about 2 ms long (`turn-queue.ts`). */
  const startRender = turnQueue(2);

  /**
   * Hands a request to Astro. Behind a trusted proxy (`TRUST_PROXY=1`) that terminated TLS
   * (`X-Forwarded-Proto: https`), the request is https to the app: the origin check compares the
   * browser's https Origin, the session cookie is `Secure` and `__Host-`, HSTS is sent. The node
   * adapter reads the protocol from `socket.encrypted` as it builds its Request, synchronously at
   * the start of `handler` (tests/api/platform/forwarded.test.ts fails if that changes); the proxy
   * reuses one connection for plain and TLS visitors alike, so the mark is set for that moment only.
   */
  function toAstro(req: IncomingMessage, res: ServerResponse) {
    const proto = req.headers['x-forwarded-proto'];
    if (!proxied || typeof proto !== 'string' || proto.split(',')[0]!.trim() !== 'https')
      return void handler(req, res);
    const socket = req.socket as IncomingMessage['socket'] & { encrypted?: boolean };
    Object.defineProperty(socket, 'encrypted', { value: true, configurable: true });
    try {
      void handler(req, res);
    } finally {
      delete socket.encrypted;
    }
  }

  // Node checks the two timeouts only every `connectionsCheckingInterval` (30 s by default): every second.
  const server = http.createServer(
    { requestTimeout: 30_000, headersTimeout: 15_000, connectionsCheckingInterval: 1_000 },
    (req, res) => {
      // Anonymous visits to cached public pages, and signed-in asks whose kept answer memory says
      // is current, are answered from memory, without entering Astro.
      if (pageCache.answer(req, res) || privateAnswers.answerFromMemory(req, res)) return;
      const pathname = requestPath(req.url ?? '/');
      if (req.method === 'TRACE' || req.method === 'TRACK') {
        // Astro's Request refuses these methods (a 500 without headers); no route takes them.
        res.writeHead(405, OUTSIDE_HEADERS);
        res.end();
      } else if (pathname === null) {
        res.writeHead(400);
        res.end('Bad request.');
      } else if ((req.method === 'GET' || req.method === 'HEAD') && files.has(pathname)) {
        files.serve(req, res, pathname);
      } else {
        startRender(() => {
          // A visitor who left while waiting is not rendered for.
          if (!req.socket.destroyed) toAstro(req, res);
        });
      }
    },
  );
  server.keepAliveTimeout = 5_000;
  server.on('clientError', answerClientError);
  server.on('error', (error: NodeJS.ErrnoException) => {
    console.error(
      error.code === 'EADDRINUSE'
        ? `El puerto ${port} ya está en uso. Elige otro con PORT=…`
        : `Error del servidor: ${error.message}`,
    );
    void closeDatabase().finally(() => process.exit(1));
  });

  server.listen(port, host, () => {
    const address = server.address() as AddressInfo;
    const shownHost = host === '127.0.0.1' || host === '0.0.0.0' ? 'localhost' : host;
    log.info('listening', { host, port: address.port, database: handle.kind });
    console.log(
      `Impulsa está corriendo en http://${shownHost}:${port} (base de datos: ${handle.kind})`,
    );
    // Background jobs (the cache bus's LISTEN, the job queue's worker) start now, or when their module loads.
    serverListening();
    // What a burst of requests grew the heap by goes back to the system once the server is quiet.
    startMemoryRelease();
    void warmUp(address).finally(() => loadSend().catch(() => {}));
  });

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    log.info('shutting down', { signal });
    const force = setTimeout(() => server.closeAllConnections(), 5_000);
    force.unref();
    server.close();
    server.closeIdleConnections();
    await new Promise((resolve) => server.once('close', resolve));
    // A job in flight ends (one not claimed waits in the table); the last seconds' visits are written.
    for (const step of beforeClose) await step().catch(() => {});
    await closeDatabase();
    log.info('stopped');
    process.exit(0);
  }
  containDriverFaults();
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/**
 * One request through the app as soon as it listens: Astro's own work for a first request (its
 * manifest, the route's module) happens at start, and not while a visitor waits.
 */
async function warmUp({ address, port }: AddressInfo): Promise<void> {
  const target = address === '0.0.0.0' ? '127.0.0.1' : address === '::' ? '::1' : address;
  const url = `http://${target.includes(':') ? `[${target}]` : target}:${port}/api/health/`;
  try {
    // node:http, already loaded: fetch would load undici (some 30 ms) before the first answer.
    await new Promise((resolve, reject) => {
      const request = http.get(url, { timeout: 10_000 }, (response) =>
        response.resume().on('end', resolve).on('error', reject),
      );
      request.on('timeout', () => request.destroy(new Error('no answer in 10 s')));
      request.on('error', reject);
    });
  } catch (error) {
    log.warn('warm-up request failed', {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
