/**
 * CSV for a spreadsheet in Chile: `;` between fields (Excel set to Spanish reads `,` as the decimal
 * mark), CRLF lines, a BOM so accents open right, and a field quoted when it holds a separator, a
 * quote or a line break. A field starting with `=`, `+`, `-` or `@` is prefixed with `'` so a
 * spreadsheet never runs it as a formula (CSV injection): buyers type some of these fields. Pure.
 */
export type CsvValue = string | number | boolean | null | undefined;

function field(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The file's text: the header, then one line per row. */
export function toCsv(head: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const lines = [head, ...rows].map((row) => row.map(field).join(';'));
  return '\uFEFF' + lines.join('\r\n') + '\r\n';
}
