/** DRF page-number pagination (docs/design.md §4): `{count, next, previous, results}`. */
import { HttpError } from '@/lib/server/http/errors';

export const PAGE_SIZE = 10;
const INVALID_PAGE = 'Página inválida.';

/** The `page` query parameter (default 1); anything but a positive integer is a 404. */
export function pageParam(url: URL): number {
  const raw = url.searchParams.get('page');
  if (raw === null) return 1;
  if (!/^[1-9]\d{0,6}$/.test(raw)) throw new HttpError(404, INVALID_PAGE);
  return Number(raw);
}

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** Builds the page; a page past the last (other than page 1 of nothing) is a 404. */
export function paginate<T>(
  url: URL,
  page: number,
  count: number,
  results: T[],
  pageSize = PAGE_SIZE,
): Page<T> {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  if (page > pages) throw new HttpError(404, INVALID_PAGE);
  const link = (n: number) => {
    const u = new URL(url);
    if (n === 1) u.searchParams.delete('page');
    else u.searchParams.set('page', String(n));
    return u.href;
  };
  return {
    count,
    next: page < pages ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    results,
  };
}

/**
 * The DRF page a list endpoint answers: reads `?page=` (invalid → 404), asks `load` for that
 * page's results and the total, and links the neighbours.
 */
export async function paginated<T>(
  url: URL,
  load: (page: number, pageSize: number) => Promise<{ total: number; results: T[] }>,
  pageSize = PAGE_SIZE,
): Promise<Page<T>> {
  const page = pageParam(url);
  const { total, results } = await load(page, pageSize);
  return paginate(url, page, total, results, pageSize);
}

/** The DRF page of a list that is short by rule (a shop's categories, a site's pages), read whole. */
export function paginatedList<T>(url: URL, all: T[], pageSize = PAGE_SIZE): Page<T> {
  const page = pageParam(url);
  return paginate(
    url,
    page,
    all.length,
    all.slice((page - 1) * pageSize, page * pageSize),
    pageSize,
  );
}
