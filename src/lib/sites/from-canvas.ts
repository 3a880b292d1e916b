/**
 * A site draft and product drafts from a business model canvas, by fixed rules (no outside AI):
 * the value proposition is the Hero's promise; customer segments, channels and key activities
 * become "Para quién", "Dónde encontrarnos" and "Cómo trabajamos"; each revenue stream that names
 * a price becomes an unpublished product at that price. The seller reviews all of it in the editor.
 */
import type { SectionSlug } from '@/lib/canvas/sections';
import { escapeHtml } from '@/lib/html';
import { parseClp } from '@/lib/money';
import type { TemplatePage } from '@/lib/sites/templates';
import type { PageData } from '@/lib/sites/schemas';

type Blocks = PageData['content'];
const block = (type: Blocks[number]['type'], id: string, props: Record<string, unknown>) => ({
  type,
  props: { id, ...props },
});

/** What the mapping reads of a canvas: each block's notes, as text. */
export type CanvasText = Partial<Record<SectionSlug, string[]>>;

export interface ProductDraftFromCanvas {
  name: string;
  price: number;
  description: string;
}

const SUBTITLE_MAX = 200;
const NAME_MAX = 120;

/** "Torta de mil hojas: $18.990" → its name and price; null without a price in pesos. */
export function revenueProduct(note: string): ProductDraftFromCanvas | null {
  const match =
    /\$\s?(\d{1,3}(?:\.\d{3})+|\d+)|(\d{1,3}(?:\.\d{3})+|\d{3,})\s*(?:pesos|clp)\b/i.exec(note);
  if (!match) return null;
  const price = parseClp(match[1] ?? match[2]!);
  if (price === null || price <= 0) return null;
  // The name is what comes before the price ("Torta: $18.990 c/u"), or else after it.
  const clean = (text: string) =>
    text
      .replace(/\b(?:a|por|desde|de|en|cada)\s*$/i, '')
      .replace(/[\s:;,.\-–—()]+$/g, '')
      .replace(/^[\s:;,.\-–—()]+/g, '')
      .replace(/\s+/g, ' ')
      .trim();
  const name = (
    clean(note.slice(0, match.index)) || clean(note.slice(match.index + match[0].length))
  ).slice(0, NAME_MAX);
  if (!name) return null;
  return { name: name[0]!.toUpperCase() + name.slice(1), price, description: '' };
}

const list = (notes: string[]) =>
  `<ul>${notes.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul>`;

const section = (id: string, title: string, notes: string[] | undefined, lead: string) =>
  notes && notes.length
    ? [
        block('Text', id, {
          text: `<p><strong>${escapeHtml(title)}</strong></p><p>${escapeHtml(lead)}</p>${list(notes)}`,
        }),
      ]
    : [];

/** The site's home page and the product drafts a canvas gives. */
export function siteFromCanvas(
  canvas: CanvasText,
  name: string,
): { pages: TemplatePage[]; products: ProductDraftFromCanvas[] } {
  const promise = (canvas['propuesta-de-valor'] ?? []).join(' · ');
  const products = (canvas['flujo-de-ingresos'] ?? [])
    .map(revenueProduct)
    .filter((p): p is ProductDraftFromCanvas => p !== null)
    .filter((p, i, all) => all.findIndex((q) => q.name === p.name) === i);
  const content: Blocks = [
    block('Hero', 'hero', {
      title: name,
      subtitle:
        promise.length > SUBTITLE_MAX
          ? `${promise.slice(0, SUBTITLE_MAX - 1).trimEnd()}…`
          : promise,
      image: null,
      cta_label: products.length ? 'Ver productos' : 'Conversemos',
      cta_href: products.length ? '/shop' : '',
    }),
    ...section(
      'para-quien',
      'Para quién',
      canvas['segmento-de-clientes'],
      'Lo hacemos pensando en:',
    ),
    ...section(
      'como-trabajamos',
      'Cómo trabajamos',
      canvas['actividades-clave'],
      'Lo que hacemos cada día para cumplirte:',
    ),
    ...(products.length
      ? [
          block('ProductGrid', 'productos', {
            title: 'Nuestros productos',
            category: null,
            limit: 6,
          }),
        ]
      : []),
    ...section('canales', 'Dónde encontrarnos', canvas.canales, 'Nos encuentras en:'),
    block('WhatsAppButton', 'whatsapp', {
      phone: '',
      message: `Hola, vi el sitio de ${name} y quiero hacer un pedido.`,
    }),
  ];
  return {
    pages: [{ path: '/', title: 'Inicio', data: { root: { props: { title: name } }, content } }],
    products,
  };
}
