/** The catalogue's filters as the list page and `GET /api/products/` read them from a URL. */
import { parseId } from '@/lib/ids';

export interface ProductFilters {
  q?: string;
  /** A category id, or `none` for products without one. */
  category?: number | 'none';
  status?: 'published' | 'draft';
}

/** Unknown or malformed values are ignored (the unfiltered list), never an error. */
export function productFilters(params: URLSearchParams): ProductFilters {
  const q = searchText(params.get('q')) || undefined;
  const rawCategory = params.get('category');
  const category =
    rawCategory === 'none' ? 'none' : rawCategory ? (parseId(rawCategory) ?? undefined) : undefined;
  const rawStatus = params.get('status');
  const status = rawStatus === 'published' || rawStatus === 'draft' ? rawStatus : undefined;
  return { q, category, status };
}

/** The longest search kept: a longer one is cut, never refused. */
export const SEARCH_MAX_LENGTH = 100;

/**
 * A search as typed, without control characters (a NUL breaks PostgreSQL's text), its spaces
 * (tabs and line breaks too) one each, and bounded; '' when there is none.
 */
export function searchText(raw: string | null | undefined): string {
  return (
    raw
      // eslint-disable-next-line no-control-regex -- control characters are what this removes
      ?.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, SEARCH_MAX_LENGTH) ?? ''
  );
}

/**
 * What a name is searched by: lower case, without accents ("Cojín" → "cojin"), so that a search
 * finds what a person means and runs as a plain, case-sensitive LIKE (products.search_name).
 */
export function searchKey(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
