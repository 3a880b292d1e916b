/**
 * Where a sale was made: the shop itself (its pages, a chat, the counter) or a marketplace whose
 * orders are imported (issue 66). Pure: the order book, figures and customers read it.
 */

export const SALES_CHANNELS = ['tienda', 'mercadolibre'] as const;
export type SalesChannel = (typeof SALES_CHANNELS)[number];

/** A channel as a filter, a badge and a figure's row name it. */
export const CHANNEL_NAMES: Record<SalesChannel, string> = {
  tienda: 'Tu tienda',
  mercadolibre: 'Mercado Libre',
};

export const isSalesChannel = (value: unknown): value is SalesChannel =>
  typeof value === 'string' && (SALES_CHANNELS as readonly string[]).includes(value);
