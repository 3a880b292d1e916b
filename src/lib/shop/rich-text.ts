/** Rich text shared by the editor and the server: plain text (a textarea) as paragraphs. */

/** Blank lines separate paragraphs, single newlines become `<br>`; the text is escaped. */
export function textToParagraphs(text: string): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escape(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
