/** Rich text shared by the editor, the preview and the server: the allowed set, and plain text as paragraphs. */

/** The elements a description keeps (`b`/`i` become `strong`/`em`). */
export const RICH_TEXT_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'ul', 'ol', 'li', 'a'] as const;
/** The link schemes a description keeps. */
export const RICH_TEXT_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;

/** A link a person may follow from rich text: http(s), mailto or tel. */
export function isSafeLink(href: string): boolean {
  return /^(https?:\/\/|mailto:|tel:)/i.test(href.trim());
}

/** Blank lines separate paragraphs, single newlines become `<br>`; the text is escaped. */
export function textToParagraphs(text: string): string {
  const escape = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escape(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** `text` cut to at most `max` characters, with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
