/** Errors of the data layer that the HTTP layer turns into answers. */

/** The database cannot be reached now; the request may succeed later (HTTP 503). */
export class DatabaseUnavailableError extends Error {
  /** HTTP status for whoever shows this error. */
  readonly status = 503;
  constructor(cause?: unknown) {
    super(
      'La base de datos no está disponible en este momento. Inténtalo de nuevo en unos segundos.',
      { cause },
    );
    this.name = 'DatabaseUnavailableError';
  }

  /**
   * By name: tests and scripts may load this module from the sources while the server's copy is
   * in the build, and a handle from one copy throws what the other must recognise.
   */
  static [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof Error && value.name === 'DatabaseUnavailableError';
  }
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  '57P01', // admin_shutdown
  '57P03', // cannot_connect_now
  // Busy rather than away, and as passing: the statement timeout ended a wait on a row lock.
  '57014', // query_canceled
  '55P03', // lock_not_available
]);

/** True when `error` (or any error in its `cause` chain) says the server is out of reach or too busy now: a 503. */
export function isConnectionError(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 6; depth++) {
    if (e instanceof DatabaseUnavailableError) return true;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08')))
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** A unique constraint refused the write (PostgreSQL 23505), on either driver (the code may sit in a cause). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined, i = 0; e && i < 5; i++) {
    if (e.code === '23505') return true;
    e = e.cause as typeof e;
  }
  return false;
}
