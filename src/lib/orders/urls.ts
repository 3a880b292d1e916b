/** Every URL of the orders feature, built in one place. */

/** The buyer's side: the same paths on the main domains and on every site's host. */
export const PAY_PATHS = {
  /** The cart and checkout. `?tienda=` picks the shop on the main domains. */
  pay: '/pay',
  /** Webpay sends the buyer back here (GET after paying, POST when they cancel). */
  webpayReturn: '/pay/return',
  /** A redirect provider sends the buyer back here (Flow: a POST with `token`). */
  providerReturn: (provider: string) => `/pay/vuelta/${provider}`,
  /** Hands the cart between a custom domain and the main domain (`cart-link.server.ts`). */
  link: '/pay/enlazar',
  /** Puts a lapsed order's products back in the cart (`recovery.server.ts`): the recovery mail's link. */
  recover: (token: string) => `/pay/recuperar/${token}`,
} as const;

/** Where providers tell the app of a payment or a refund, server to server (app's origin). */
export const PROVIDER_PATHS = {
  /** Mercado Pago's carries the shop: its notification is checked with the shop's own secret. */
  confirmation: (provider: string, sellerId: number) =>
    provider === 'mercadopago'
      ? `/api/payments/${provider}/notify/${sellerId}/`
      : `/api/payments/${provider}/notify/`,
  refund: (provider: string) => `/api/payments/${provider}/refund/`,
} as const;

/** Whether a path is the checkout's (served on every host, sites included). */
export function isPayPath(pathname: string): boolean {
  return pathname === PAY_PATHS.pay || pathname.startsWith(PAY_PATHS.pay + '/');
}

/** The checkout of a shop: on the main domains `?tienda=<seller>` names it; a site's host has one shop. */
export function payPath(sellerId: number | null, query: Record<string, string> = {}): string {
  const params = new URLSearchParams({
    ...(sellerId !== null ? { tienda: String(sellerId) } : {}),
    ...query,
  });
  const search = params.toString();
  return PAY_PATHS.pay + (search ? `?${search}` : '');
}

/** A buyer's receipt: the unguessable token is the only key to it. */
export function receiptPath(token: string): string {
  return `/pay/orden/${token}`;
}

/** The seller's order book in the app. */
export const ORDER_PATHS = {
  list: '/ordenes',
  order: (id: number) => `/ordenes/${id}`,
  /** An order the seller takes in a chat or in person (`manual.server.ts`). */
  newOrder: '/ordenes/nueva',
  /** Orders waiting for their payment or lapsed unpaid, with a WhatsApp message each. */
  unpaid: '/ordenes/sin-pagar',
  /** Paid orders still without their boleta. */
  undocumented: '/ordenes?documento=sin',
  retracto: '/ordenes?retracto=si',
  /** The seller's own Webpay account: where card sales are paid. */
  webpay: '/cobros',
  /** Rates by zone, free shipping and pickup points. */
  delivery: '/despacho',
  /** Discount codes. */
  discounts: '/descuentos',
  /** A buyer's requests about their data: find, export, anonymise (Ley 21.719). */
  dataRequests: '/solicitudes-de-datos',
  /** The orders a list shows, as a CSV. */
  csv: ({ status, undocumented }: { status: string | null; undocumented: boolean }) => {
    const query = new URLSearchParams({
      ...(status ? { status } : {}),
      ...(undocumented ? { documento: 'sin' } : {}),
    }).toString();
    return `/api/orders/csv/${query ? `?${query}` : ''}`;
  },
} as const;

/** The counter (issue 67): the sale screen, a sale's 80 mm receipt, the day's cierre de caja. */
export const COUNTER_PATHS = {
  sell: '/vender',
  receipt: (id: number) => `/vender/recibo/${id}`,
  till: (day?: string) => (day ? `/vender/caja?dia=${day}` : '/vender/caja'),
  tillCsv: (day: string) => `/vender/caja.csv?dia=${day}`,
} as const;
