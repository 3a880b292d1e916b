/**
 * Page documents on the server: cleaned block by block on save and again on render (the stored
 * JSON is the seller's browser's), and walked to find what they show (images, product grids).
 */
import { BLOCK_TYPES, cleanProps, SLOT_FIELDS, type BlockType } from '@/lib/sites/blocks';
import type { PageData } from '@/lib/sites/schemas';
import { sanitizeDescription } from '@/lib/shop/rich-text.server';

interface Block {
  type: BlockType;
  props: Record<string, unknown> & { id: string };
}

const isBlock = (v: unknown): v is Block =>
  typeof v === 'object' &&
  v !== null &&
  BLOCK_TYPES.includes((v as Block).type) &&
  typeof (v as Block).props === 'object' &&
  (v as Block).props !== null &&
  typeof (v as Block).props.id === 'string';

/** A block list with only known blocks, their props cleaned and their slots (one level deep) too. */
function cleanBlocks(list: unknown, depth = 0): Block[] {
  if (!Array.isArray(list)) return [];
  return list.filter(isBlock).map((block) => {
    const props: Record<string, unknown> = {
      id: block.props.id.slice(0, 100),
      ...cleanProps(block.type, block.props),
    };
    if (block.type === 'Text') props.text = sanitizeDescription(String(props.text));
    for (const slot of SLOT_FIELDS[block.type] ?? [])
      props[slot] = depth < 1 ? cleanBlocks(block.props[slot], depth + 1) : [];
    return { type: block.type, props: props as Block['props'] };
  });
}

/** The document as it may be stored and rendered: known blocks, clean props, a title on the root. */
export function cleanPageData(data: PageData): PageData {
  const title =
    typeof data.root?.props?.title === 'string' ? data.root.props.title.trim().slice(0, 80) : '';
  return { root: { props: { title } }, content: cleanBlocks(data.content) };
}

/** Every block of a document, slots included. */
export function allBlocks(data: PageData): Block[] {
  const out: Block[] = [];
  const walk = (list: unknown) => {
    for (const block of Array.isArray(list) ? list.filter(isBlock) : []) {
      out.push(block);
      for (const slot of SLOT_FIELDS[block.type] ?? []) walk(block.props[slot]);
    }
  };
  walk(data.content);
  return out;
}
