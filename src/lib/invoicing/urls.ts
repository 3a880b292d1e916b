/** Where invoicing lives (pure): the seller's settings, and each document's PDF for seller and buyer. */
export const INVOICING_PATHS = {
  /** The seller connects the invoicing account. */
  settings: '/boletas',
  /** The seller's copy of an order's document (session). */
  sellerPdf: (orderId: number) => `/api/orders/${orderId}/documento/`,
  /** The buyer's copy, by the order's unguessable token. */
  buyerPdf: (receiptToken: string) => `/pay/orden/${receiptToken}/documento`,
  /** A month's documents for the IVA declaration (F29); `mes` is `2026-11`. */
  monthly: (month?: string) => `/cifras/iva${month ? `?mes=${month}` : ''}`,
  monthlyCsv: (month: string) => `/api/store/invoicing/monthly/csv/?month=${month}`,
} as const;

/** The SII's site, where a seller without a provider emits boletas in its free system. */
export const SII_HOME = 'https://www.sii.cl/';
