/**
 * A fault thrown from inside the PostgreSQL client, outside any query's promise, must not take
 * the whole instance down: every other request, and the other database's connections, are fine.
 *
 * Seen with postgres 3.4.9 (issue 31): once in six runs of a PostgreSQL stop under load, an
 * uncaught `TypeError` from the client's write path (`nextWrite` in src/connection.js calls
 * `socket.write` through a `setImmediate`; `closed()` clears that timer but leaves
 * `nextWriteTimer` set and `socket` null, so a write queued on the dropped connection can run
 * against no socket). Upstream-style report: "postgres@3.4.9: TypeError: Cannot read properties
 * of null (reading 'write') at nextWrite when the server goes away under load; expected a
 * rejected query". Not reproduced since; the handler below contains it if it comes back.
 */
import { log } from '@/lib/server/log';

const DRIVER_FRAME = /[\\/]node_modules[\\/]postgres[\\/]/;

/** True when the error was thrown by the PostgreSQL client's own code (its first stack frame). */
export function isDriverFault(error: unknown): boolean {
  if (!(error instanceof Error) || !error.stack) return false;
  const frame = error.stack.split('\n').find((line) => line.trimStart().startsWith('at '));
  return frame !== undefined && DRIVER_FRAME.test(frame);
}

/**
 * Installs the process's last resort: a driver fault is logged and the instance goes on (the
 * query it belonged to ends at its deadline as a 503; the health check replaces dead
 * connections); anything else ends the process as Node would, with its stack and exit code 1.
 */
export function containDriverFaults(): void {
  process.on('uncaughtException', (error) => {
    if (isDriverFault(error)) {
      log.error('contained a fault inside the PostgreSQL client', { error });
      return;
    }
    console.error(error);
    process.exit(1);
  });
}
