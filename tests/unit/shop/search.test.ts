/** What a buyer types into the shop's search, as the text-search query reads it. */
import { describe, expect, it } from 'vitest';
import { searchText } from '@/lib/shop/filters';
import { searchTerms, tsQueryText } from '@/lib/shop/search';

describe('the shop’s search terms', () => {
  it.each([
    ['Pan Amasado', ['pan', 'amasado']],
    ['  COJÍN   niño ', ['cojin', 'nino']],
    ['torta & | !:* <b>', ['torta', 'b']],
    ["l'oréal 500g", ['l', 'oreal', '500g']],
    ['pan pan PAN', ['pan']],
    ['!!! ...', []],
    ['a b c d e f g h i j', ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']],
  ])('%j is searched as %j', (typed, terms) => {
    expect(searchTerms(typed)).toEqual(terms);
  });

  it('makes each word a prefix, all of them or any', () => {
    expect(tsQueryText(['pan', 'amas'], '&')).toBe('pan:* & amas:*');
    expect(tsQueryText(['pan', 'amas'], '|')).toBe('pan:* | amas:*');
  });

  it('keeps what was typed without control characters, bounded', () => {
    expect(searchText(' pa\u0000n\tamasado\n')).toBe('pan amasado');
    expect(searchText('x'.repeat(300))).toHaveLength(100);
    expect(searchText(null)).toBe('');
  });
});
