/** Paths as every feature compares them. Pure. */

/** Normalises a pathname: no trailing slash (except `/`). */
export function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}
