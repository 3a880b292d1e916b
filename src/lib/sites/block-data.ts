/**
 * What blocks show besides their props: the data a page's blocks are rendered with, read by the
 * sites feature on the server and by the editor in the browser, drawn by `components/sites/blocks`.
 */

/** An image as blocks show it: its variants' srcset already built. */
export interface BlockImage {
  src: string;
  srcset: string;
  width: number;
  height: number;
  alt: string;
}

/** A product card of a ProductGrid. */
export interface BlockProduct {
  name: string;
  price: number;
  compareAtPrice: number | null;
  href: string;
  image: BlockImage | null;
  soldOut: boolean;
}

/** What the blocks of one page show besides their props (Puck's `metadata`). */
export interface SiteRenderData {
  images: Record<number, BlockImage>;
  /** Each ProductGrid block's products, by block id. */
  products: Record<string, BlockProduct[]>;
  /** `https://wa.me/…` for the site's number with a message, or null when the site has none. */
  whatsapp: (phone: string, message: string) => string | null;
  /** Where the site's whole catalogue is (`/shop`, under the preview's base when previewed). */
  catalogueHref: string;
}
