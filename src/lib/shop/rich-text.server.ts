/**
 * Product descriptions: rich text with a small, safe set (bold, italic, lists, links). The HTML a
 * seller sends is untrusted: only these elements survive, links only to http(s), mailto and tel,
 * and every link opens safely. Runs on save, so what is stored is already clean.
 */
import { createRequire } from 'node:module';
import type SanitizeHtml from 'sanitize-html';
import { clip, RICH_TEXT_SCHEMES, RICH_TEXT_TAGS, textToParagraphs } from '@/lib/shop/rich-text';

let loaded: { sanitize: typeof SanitizeHtml; options: SanitizeHtml.IOptions } | undefined;

/**
 * sanitize-html and its options, required on first use: with postcss and htmlparser2 it is some
 * 80 modules and 11 MB, and the orders service (which the order sweeper loads at start) reaches
 * this file through the site blocks. A CommonJS package, so the first call loads it synchronously.
 */
function sanitizer(): NonNullable<typeof loaded> {
  if (loaded) return loaded;
  const sanitize = createRequire(import.meta.url)('sanitize-html') as typeof SanitizeHtml;
  return (loaded = { sanitize, options: optionsFor(sanitize) });
}

const optionsFor = (sanitizeHtml: typeof SanitizeHtml): SanitizeHtml.IOptions => ({
  allowedTags: [...RICH_TEXT_TAGS],
  // rel and target are set by the transform below, whatever the seller sent.
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: [...RICH_TEXT_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    b: 'strong',
    i: 'em',
    // A browser's editor makes each line a <div> (Chrome, Safari): kept as paragraphs, not run together.
    div: 'p',
    a: sanitizeHtml.simpleTransform('a', {
      rel: 'nofollow ugc noopener noreferrer',
      target: '_blank',
    }),
  },
  exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href,
});

/** The description with only the allowed markup; plain text (no tags) becomes paragraphs. */
export function sanitizeDescription(input: string): string {
  const html = /<[a-z!/]/i.test(input) ? input : textToParagraphs(input);
  const { sanitize, options } = sanitizer();
  return sanitize(html, options).trim();
}

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** `&amp;`, `&#39;`, `&#x27;` as the characters they stand for; an unknown name stays as written. */
function decodeEntity(entity: string, name: string): string {
  if (name[0] !== '#') return NAMED[name.toLowerCase()] ?? entity;
  const code =
    name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
}

/**
 * The description as plain text (meta description, JSON-LD, WhatsApp). What is stored is already
 * sanitised, so a `<` always opens a tag: stripping tags needs no parser (every product page
 * rendered anew runs this).
 */
export function descriptionText(html: string, max = 300): string {
  const text = html
    .replace(/<\/?(p|li)\b[^>]*>|<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, decodeEntity)
    .replace(/\s+/g, ' ')
    .trim();
  return clip(text, max);
}
