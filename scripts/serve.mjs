// Serves the built app (dist/) without rebuilding: opens and migrates the database first,
// then listens on HOST:PORT; closes both cleanly on SIGINT/SIGTERM. Everything it uses of the app
// comes from the build (dist/server/runtime.mjs, see src/runtime.ts).
// Run with the project's Node 24 (npm scripts put it first on PATH).
import './tick-shape.mjs';
import './boot.mjs';
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

process.env.NODE_ENV ||= 'production';
process.env.ASTRO_NODE_AUTOSTART = 'disabled';

const entry = new URL('../dist/server/entry.mjs', import.meta.url);
const runtime = new URL('../dist/server/runtime.mjs', import.meta.url);
if (!fs.existsSync(fileURLToPath(entry)) || !fs.existsSync(fileURLToPath(runtime))) {
  console.error(
    'No hay una versión compilada en dist/. Ejecuta "npm run build" (o "npm start", que compila si hace falta).',
  );
  process.exit(1);
}

const {
  acceptedEncoding,
  APP_CSP,
  closeDatabase,
  compressibleType,
  containDriverFaults,
  DataDirLockedError,
  ENCODING_SUFFIX,
  getDatabase,
  isConnectionError,
  listenAddress,
  log,
  pageCache,
  privateAnswers,
  SECURITY_HEADERS,
  serverListening,
  startMemoryRelease,
  stopJobWorker,
  trustProxy,
  turnQueue,
  writeVisits,
} = await import(runtime.href).catch((error) => {
  // astro:env checks every variable as the app loads: say which is wrong, without a stack.
  if (error?.name !== 'EnvInvalidVariables') throw error;
  console.error(error.message);
  process.exit(1);
});

/** Opens the database, waiting up to 30 s for a PostgreSQL server that is still starting. */
async function openDatabaseWithRetry() {
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

// Astro's app handler (the adapter's middleware mode): pages, endpoints, the 404. Static files are
// served here, below, so a dynamic request never costs a stat of dist/client. Its import starts
// before the database opens.
const app = import(entry.href);
app.catch(() => {}); // awaited below, once the database is open

let handle;
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
/** The methods some route takes, for a 405's `Allow`. */
const ALLOWED = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
const LESSON_MEDIA_CACHE = 'public, max-age=604800, stale-while-revalidate=86400';
const ASSET_CACHE = 'public, max-age=31536000, immutable';

const clientDir = fileURLToPath(new URL('../dist/client/', import.meta.url));
/** Every file of the build's client folder, by URL path: read once, since a build never changes under a running server. */
const staticFiles = new Set(
  fs
    .readdirSync(clientDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map(
      (e) =>
        '/' + path.relative(clientDir, path.join(e.parentPath, e.name)).split(path.sep).join('/'),
    ),
);

/** The decoded path of a request URL, or null when it does not decode (a 400, as the adapter answers). */
function requestPath(url) {
  const end = url.search(/[?#]/);
  try {
    return decodeURI(end === -1 ? url : url.slice(0, end));
  } catch {
    return null;
  }
}

/**
 * A file of the build, with ranges and ETags (`send`), in brotli or gzip when the browser takes
 * it and the build made that twin (astro.config.mjs, `precompress`). Bundled assets are
 * immutable; lesson videos, captions and posters (public/lessons/) change only when a lesson is
 * re-recorded, so browsers keep them a week.
 */
function serveStatic(req, res, pathname) {
  loadSend().then(
    (send) => sendStatic(send, req, res, pathname),
    () => {
      res.statusCode = 500;
      res.end();
    },
  );
}

/**
 * `send` and what it loads (its MIME database above all) cost some 50 ms of a start: loaded once
 * the server has answered its first request, or by the first static file asked before that.
 */
let sendModule;
const loadSend = () => (sendModule ??= import('send').then((m) => m.default));

function sendStatic(send, req, res, pathname) {
  const type = compressibleType(pathname);
  const encoding = type ? acceptedEncoding(req.headers['accept-encoding']) : null;
  const twin =
    encoding && staticFiles.has(pathname + ENCODING_SUFFIX[encoding])
      ? pathname + ENCODING_SUFFIX[encoding]
      : null;
  send(req, twin ?? pathname, { root: clientDir, dotfiles: 'deny' })
    .on('headers', (response) => {
      if (type) response.setHeader('Vary', 'Accept-Encoding');
      if (twin) {
        response.setHeader('Content-Encoding', encoding);
        response.setHeader('Content-Type', type);
      }
      if (pathname.startsWith('/_astro/')) response.setHeader('Cache-Control', ASSET_CACHE);
      else if (pathname.startsWith('/lessons/'))
        response.setHeader('Cache-Control', LESSON_MEDIA_CACHE);
    })
    .on('error', (error) => {
      res.statusCode = error.statusCode ?? 500;
      res.end();
    })
    .pipe(res);
}

const { host, port } = listenAddress();
/** Requests for Astro start in turns of the event loop about 2 ms long (`turn-queue.ts`). */
const startRender = turnQueue(2);
// Node checks the two timeouts only every `connectionsCheckingInterval` (30 s by default): check every second.
const server = http.createServer(
  { requestTimeout: 30_000, headersTimeout: 15_000, connectionsCheckingInterval: 1_000 },
  (req, res) => {
    // Anonymous visits to cached public pages, and signed-in asks whose kept answer memory says is
    // current, are answered from memory, without entering Astro.
    if (pageCache.answer(req, res) || privateAnswers.answerFromMemory(req, res)) return;
    const pathname = requestPath(req.url ?? '/');
    if (req.method === 'TRACE' || req.method === 'TRACK') {
      // Astro's Request refuses these methods (a 500 without headers); no route takes them.
      res.writeHead(405, {
        ...SECURITY_HEADERS,
        'Content-Security-Policy': APP_CSP,
        Allow: ALLOWED,
      });
      res.end();
    } else if (pathname === null) {
      res.writeHead(400);
      res.end('Bad request.');
    } else if ((req.method === 'GET' || req.method === 'HEAD') && staticFiles.has(pathname)) {
      serveStatic(req, res, pathname);
    } else {
      startRender(() => {
        // A visitor who left while waiting is not rendered for.
        if (!req.socket.destroyed) toAstro(req, res);
      });
    }
  },
);
server.keepAliveTimeout = 5_000;

/**
 * What Node's parser refuses never reaches the handler. Node's own answer would carry no security
 * headers, and a method it does not know (TRACK) would be a 400: here it is a 405, as TRACE is.
 */
server.on('clientError', (error, socket) => {
  if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
  const status =
    error.code === 'HPE_INVALID_METHOD'
      ? '405 Method Not Allowed'
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? '408 Request Timeout'
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? '431 Request Header Fields Too Large'
          : '400 Bad Request';
  const headers = { ...SECURITY_HEADERS, 'Content-Security-Policy': APP_CSP, Allow: ALLOWED };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  const answer = `HTTP/1.1 ${status}\r\n${lines.join('')}Content-Length: 0\r\nConnection: close\r\n\r\n`;
  // A client too slow to finish its headers is cut off; any other gets its answer, then the end.
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    socket.write(answer);
    socket.destroy();
  } else socket.end(answer);
});

server.on('error', (error) => {
  console.error(
    error.code === 'EADDRINUSE'
      ? `El puerto ${port} ya está en uso. Elige otro con PORT=…`
      : `Error del servidor: ${error.message}`,
  );
  void closeDatabase().finally(() => process.exit(1));
});

server.listen(port, host, () => {
  const address = server.address();
  const shownHost = host === '127.0.0.1' || host === '0.0.0.0' ? 'localhost' : host;
  log.info('listening', {
    host,
    port: typeof address === 'object' && address ? address.port : port,
    database: handle.kind,
  });
  console.log(
    `Impulsa está corriendo en http://${shownHost}:${port} (base de datos: ${handle.kind})`,
  );
  // Background jobs (the cache bus's LISTEN, the job queue's worker) start now, or when their module loads.
  serverListening();
  // What a burst of requests grew the heap by goes back to the system once the server is quiet.
  startMemoryRelease();
  void warmUp().finally(() => loadSend().catch(() => {}));
});

/**
 * One request through the app as soon as it listens: Astro's own work for a first request (its
 * manifest, the route's module) happens at start, and not while a visitor waits.
 */
async function warmUp() {
  const { address, port: boundPort } = server.address();
  const target = address === '0.0.0.0' ? '127.0.0.1' : address === '::' ? '::1' : address;
  const url = `http://${target.includes(':') ? `[${target}]` : target}:${boundPort}/api/health/`;
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

/**
 * Hands a request to Astro. Behind a trusted proxy (`TRUST_PROXY=1`) that terminated TLS
 * (`X-Forwarded-Proto: https`), the request is https to the app: the origin check compares the
 * browser's https Origin, the session cookie is `Secure` and `__Host-`, HSTS is sent. The node
 * adapter reads the protocol from `socket.encrypted` as it builds its Request, synchronously at the
 * start of `handler` (tests/api/platform/forwarded.test.ts fails if that changes); the proxy reuses
 * one connection for plain and TLS visitors alike, so the mark is set for that moment only.
 */
function toAstro(req, res) {
  const proto = req.headers['x-forwarded-proto'];
  if (!proxied || typeof proto !== 'string' || proto.split(',')[0].trim() !== 'https')
    return void handler(req, res);
  const socket = req.socket;
  Object.defineProperty(socket, 'encrypted', { value: true, configurable: true });
  try {
    void handler(req, res);
  } finally {
    delete socket.encrypted;
  }
}
const proxied = trustProxy();

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  log.info('shutting down', { signal });
  const force = setTimeout(() => server.closeAllConnections(), 5_000);
  force.unref();
  server.close();
  server.closeIdleConnections();
  await new Promise((resolve) => server.once('close', resolve));
  await stopJobWorker().catch(() => {}); // a job in flight ends; one not claimed waits in the table
  await writeVisits().catch(() => {}); // the last seconds' visits
  await closeDatabase();
  log.info('stopped');
  process.exit(0);
}
containDriverFaults();
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
