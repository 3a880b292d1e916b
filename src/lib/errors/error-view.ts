/**
 * What the error page shows (docs/spec.md §2, §8): a status code (default 500), a status message
 * (`Page Not Found` for 404, otherwise `Internal Server Error`) and a description taken
 * from the error message.
 */

export interface ErrorView {
  status: number;
  statusMessage: 'Page Not Found' | 'Internal Server Error';
  description: string;
}

/** Shown instead of the message of an unexpected error in production. */
export const GENERIC_DESCRIPTION =
  'Ocurrió un error inesperado. Ya quedó registrado; inténtalo de nuevo en unos minutos.';

/** The status message for a status code. */
export function statusMessageFor(status: number): ErrorView['statusMessage'] {
  return status === 404 ? 'Page Not Found' : 'Internal Server Error';
}

/** The view for a route that failed validation or does not exist. */
export function notFoundView(path: string): ErrorView {
  return { status: 404, statusMessage: 'Page Not Found', description: `Page Not Found: ${path}` };
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status <= 599 ? status : undefined;
}

/**
 * The view for a thrown value. Errors that carry an HTTP `status` were written for people
 * and always show their message; any other error shows it only with `exposeMessage`
 * (development, client-side islands), since it may hold internals such as SQL.
 */
export function errorViewFrom(error: unknown, options: { exposeMessage: boolean }): ErrorView {
  const status = statusOf(error) ?? 500;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const isPublic = statusOf(error) !== undefined;
  const description =
    message && (isPublic || options.exposeMessage) ? message : GENERIC_DESCRIPTION;
  return { status, statusMessage: statusMessageFor(status), description };
}

/**
 * The path as shown on the 404 page: decoded, and without the trailing slash Astro adds
 * (with `trailingSlash: 'ignore'`, `/x` and `/x/` are the same page).
 */
export function displayPath(pathname: string): string {
  let path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  try {
    path = decodeURI(path);
  } catch {
    /* keep it encoded */
  }
  return path || '/';
}
