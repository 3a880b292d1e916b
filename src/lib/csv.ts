/**
 * CSV for a spreadsheet in Chile: `;` between fields (Excel set to Spanish reads `,` as the decimal
 * mark), CRLF lines, a BOM so accents open right, and a field quoted when it holds a separator, a
 * quote or a line break. A field a spreadsheet could run as a formula (CSV injection: buyers type
 * some of these fields) is prefixed with `'`: one starting with `=`, `+`, `-`, `@`, their
 * fullwidth forms (`＝`, `＋`, `－`, `＠`, which some spreadsheets fold to the ASCII ones), a tab or
 * a carriage return. Phone numbers are written by `csvPhone`, so they need no prefix. Pure.
 */
export type CsvValue = string | number | boolean | null | undefined;

/** What opens every file, so a spreadsheet reads it as UTF-8. */
export const CSV_BOM = '\uFEFF';

/** What a spreadsheet may read as the start of a formula. */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * A stored phone (`+56912345678`) as a spreadsheet shows it untouched: `56 9 1234 5678`, its digits
 * grouped by spaces (so it stays text, never `5.69E+10`) and without the `+` a formula starts with.
 */
export function csvPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const digits = phone.replace(/\D/g, '');
  const national = digits.startsWith('56') ? digits.slice(2) : digits;
  if (national.length !== 9) return digits;
  const groups = national.startsWith('9')
    ? [national[0], national.slice(1, 5), national.slice(5)]
    : [national.slice(0, 2), national.slice(2, 5), national.slice(5)];
  return ['56', ...groups].join(' ');
}

function field(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows as lines of the file, each ending in CRLF: a file written a part at a time. */
export function csvLines(rows: readonly (readonly CsvValue[])[]): string {
  return rows.map((row) => row.map(field).join(';') + '\r\n').join('');
}

/** The file's text: the BOM, the header, then one line per row. */
export function toCsv(head: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return CSV_BOM + csvLines([head, ...rows]);
}

/**
 * The file as a stream, read a batch at a time (`batch(n)` from 0, until one comes back empty):
 * a shop's 10,000 customers are never all in memory, and the first bytes leave at once.
 */
export function csvStream(
  head: readonly string[],
  batch: (n: number) => Promise<readonly (readonly CsvValue[])[]>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let n = 0;
  return new ReadableStream({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvLines([head])));
    },
    async pull(controller) {
      const rows = await batch(n++);
      if (rows.length === 0) controller.close();
      else controller.enqueue(encoder.encode(csvLines(rows)));
    },
  });
}
