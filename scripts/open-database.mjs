// What an operator's script (`npm run staff:add`, `npm run jobs`) opens: the configured database
// (DATABASE_URL, or DATA_DIR's PGlite), through the build. A PGlite folder that a running server
// holds is said in a sentence, not a stack trace: PGlite serves one process.
import path from 'node:path';
import { ensureBuilt } from './ensure-built.mjs';

ensureBuilt();
export const runtime = await import('../dist/server/runtime.mjs');

/** Opens the database or exits with a message. */
export async function openConfiguredDatabase() {
  const { openDatabase, dataDir, databaseUrl, DataDirLockedError } = runtime;
  const url = databaseUrl();
  try {
    return await openDatabase(
      url ? { databaseUrl: url } : { pgliteDir: path.join(dataDir(), 'pglite') },
    );
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(
        `La base de datos de ${dataDir()} está abierta por un servidor en marcha ` +
          '(PGlite sirve a un solo proceso). Detén el servidor y vuelve a intentarlo, ' +
          'o usa PostgreSQL (DATABASE_URL) para trabajar con el servidor en marcha.',
      );
      process.exit(1);
    }
    console.error(
      'No se pudo abrir la base de datos:',
      error instanceof Error ? error.message : error,
    );
    process.exit(1);
  }
}
