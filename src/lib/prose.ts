/**
 * Long Spanish text kept readable in source (legal pages, statutes): a paragraph may be wrapped
 * over several lines, each continuation indented; the tag joins them back with one space. Only
 * the literal's own text is joined: what `${…}` brings in (a shop's name, an address) is left as
 * it is. Blank lines, `## ` headings and `- ` items stay as typed. Pure.
 */
export function prose(strings: TemplateStringsArray, ...values: unknown[]): string {
  return strings.reduce(
    (text, part, i) =>
      text + part.replace(/\n[ \t]+/g, ' ') + (i < values.length ? String(values[i]) : ''),
    '',
  );
}
