/**
 * The blocks a site is made of (Puck component `type` names, docs/design.md §7) and the rules for their
 * props. Props arrive from the editor, i.e. from the seller's browser: every one is cleaned to a
 * known shape (strings capped, links allow-listed, ids checked) before it is stored or rendered.
 */
import { isSafeLink } from '@/lib/shop/rich-text';

export const BLOCK_TYPES = [
  'Hero',
  'Text',
  'Image',
  'ProductGrid',
  'WhatsAppButton',
  'Columns',
] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

/** Blocks that hold other blocks, and the names of their slots. */
export const SLOT_FIELDS: Partial<Record<BlockType, readonly string[]>> = {
  Columns: ['left', 'right'],
};

export const PRODUCT_GRID_MAX = 24;

/** A link a visitor may follow: the site's own paths, http(s), mailto, tel and in-page anchors. */
export function safeHref(href: unknown): string {
  if (typeof href !== 'string') return '';
  const v = href.trim().slice(0, 500);
  if (isSafeLink(v)) return v;
  if (/^\/(?!\/)/.test(v) || /^#[\w-]*$/.test(v)) return v;
  return '';
}

export const text = (v: unknown, max: number): string =>
  typeof v === 'string' ? v.trim().slice(0, max) : '';
export const mediaId = (v: unknown): number | null =>
  typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 2_147_483_647
    ? v
    : typeof v === 'string' && /^\d{1,9}$/.test(v) && Number(v) > 0
      ? Number(v)
      : null;

/** The props of each block as they are stored (all but `Text.text`, which the server sanitises). */
export interface BlockProps {
  Hero: {
    title: string;
    subtitle: string;
    image: number | null;
    cta_label: string;
    cta_href: string;
  };
  Text: { text: string };
  Image: { image: number | null; alt: string };
  ProductGrid: { title: string; category: number | null; limit: number };
  WhatsAppButton: { phone: string; message: string };
  Columns: Record<string, never>;
}

/** Cleans one block's own props (not its slots); `Text.text` is left for the HTML sanitiser. */
export function cleanProps(
  type: BlockType,
  props: Record<string, unknown>,
): Record<string, unknown> {
  switch (type) {
    case 'Hero':
      return {
        title: text(props.title, 120),
        subtitle: text(props.subtitle, 300),
        image: mediaId(props.image),
        cta_label: text(props.cta_label, 40),
        cta_href: safeHref(props.cta_href),
      };
    case 'Text':
      return { text: typeof props.text === 'string' ? props.text.slice(0, 20_000) : '' };
    case 'Image':
      return { image: mediaId(props.image), alt: text(props.alt, 250) };
    case 'ProductGrid': {
      const limit = Number(props.limit);
      return {
        title: text(props.title, 120),
        category: mediaId(props.category),
        limit: Number.isInteger(limit) ? Math.min(Math.max(limit, 1), PRODUCT_GRID_MAX) : 6,
      };
    }
    case 'WhatsAppButton':
      return { phone: text(props.phone, 20), message: text(props.message, 300) };
    case 'Columns':
      return {};
  }
}
