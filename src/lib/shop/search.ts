/**
 * What a buyer types into the shop's search, as PostgreSQL's Spanish text search reads it. The
 * words lose their accents and case as the stored document did (`products.search_doc`), and each
 * is a prefix, so «torta» finds «Tortas» and «choco» finds «Chocolate».
 */
import { searchKey } from '@/lib/shop/filters';

/** Words beyond these are ignored: a pasted paragraph is not a search. */
const MAX_TERMS = 8;

/** The words of a search: letters and digits only, so nothing typed is `tsquery` syntax. */
export function searchTerms(text: string): string[] {
  return [...new Set(searchKey(text).split(/[^a-z0-9]+/))].filter(Boolean).slice(0, MAX_TERMS);
}

/**
 * The `to_tsquery` text of `terms`: each a prefix, all of them (`&`, what a product must match)
 * or any (`|`, which categories may lend their name to a product).
 */
export function tsQueryText(terms: readonly string[], join: '&' | '|'): string {
  return terms.map((t) => `${t}:*`).join(` ${join} `);
}
