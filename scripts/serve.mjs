// Serves the built app (dist/) without rebuilding: opens and migrates the database first,
// then listens on HOST:PORT; closes both cleanly on SIGINT/SIGTERM.
// Run with the project's Node 24 (npm scripts put it first on PATH).
import http from 'node:http';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

process.env.NODE_ENV ||= 'production';
process.env.ASTRO_NODE_AUTOSTART = 'disabled';

const entry = new URL('../dist/server/entry.mjs', import.meta.url);
if (!fs.existsSync(fileURLToPath(entry))) {
  console.error('No hay una versión compilada en dist/. Ejecuta "npm run build" (o "npm start", que compila si hace falta).');
  process.exit(1);
}

const { getDatabase, closeDatabase } = await import('../src/lib/server/db/client.ts');
const { DataDirLockedError } = await import('../src/lib/server/db/lock.ts');
const { isConnectionError } = await import('../src/lib/server/db/errors.ts');
const { log } = await import('../src/lib/server/log.ts');

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

let handle;
try {
  handle = await openDatabaseWithRetry();
} catch (error) {
  console.error('No se pudo abrir la base de datos:', error instanceof Error ? error.message : error);
  process.exit(1);
}

const { handler } = await import(entry.href);
/** The render cache (`src/lib/server/cache/page-cache.ts`), once the app has created it. */
const PAGE_CACHE = Symbol.for('impulsa.page-cache');
const LESSON_MEDIA_CACHE = 'public, max-age=604800, stale-while-revalidate=86400';

const { listenAddress } = await import('../src/lib/server/config.ts');
const { host, port } = listenAddress();
// Node checks the two timeouts only every `connectionsCheckingInterval` (30 s by default): check every second.
const server = http.createServer({ requestTimeout: 30_000, headersTimeout: 15_000, connectionsCheckingInterval: 1_000 }, (req, res) => {
  // Anonymous visits to cached public pages are answered from memory, without entering Astro.
  if (globalThis[PAGE_CACHE]?.answer(req, res)) return;
  // Lesson videos, captions and posters (public/lessons/): the static handler (Range, ETag) would
  // say max-age=0; they change only when a lesson is re-recorded, so browsers keep them a week.
  if (req.url?.startsWith('/lessons/')) {
    const setHeader = res.setHeader.bind(res);
    res.setHeader = (name, value) => setHeader(name, name.toLowerCase() === 'cache-control' ? LESSON_MEDIA_CACHE : value);
  }
  handler(req, res);
});
server.keepAliveTimeout = 5_000;

server.on('error', (error) => {
  console.error(
    error.code === 'EADDRINUSE' ? `El puerto ${port} ya está en uso. Elige otro con PORT=…` : `Error del servidor: ${error.message}`,
  );
  void closeDatabase().finally(() => process.exit(1));
});

server.listen(port, host, () => {
  const address = server.address();
  const shownHost = host === '127.0.0.1' || host === '0.0.0.0' ? 'localhost' : host;
  log.info('listening', { host, port: typeof address === 'object' && address ? address.port : port, database: handle.kind });
  console.log(`Impulsa está corriendo en http://${shownHost}:${port} (base de datos: ${handle.kind})`);
  // Background jobs the app registered (the order sweeper: src/lib/orders/sweeper.server.ts).
  globalThis[Symbol.for('impulsa.start-jobs')]?.();
});

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
  await closeDatabase();
  log.info('stopped');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
