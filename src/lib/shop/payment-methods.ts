/**
 * The ways a shop can be paid, as checkout, the order book and the providers name them. Pure: the
 * vocabulary sits with the shop (what it offers) so every feature above can read it.
 */

export const PAYMENT_METHODS = [
  'webpay',
  'flow',
  'mercadopago',
  'transferencia',
  'whatsapp',
  /** Paid face to face when the seller took the order (`manual.server.ts`); never at checkout. */
  'en_persona',
  /** Paid to Mercado Libre for a sale imported from there (issue 66); refunds are Mercado Libre's. */
  'mercadolibre',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** A payment method in a sentence or a list ("Pagaste $9.990 con Webpay"). */
export const PAYMENT_NAMES: Record<PaymentMethod, string> = {
  webpay: 'Webpay',
  flow: 'Flow',
  mercadopago: 'Mercado Pago',
  transferencia: 'transferencia bancaria',
  whatsapp: 'WhatsApp',
  en_persona: 'en persona',
  mercadolibre: 'Mercado Libre',
};

/** A payment method as an option at checkout and in an order's details. */
export const PAYMENT_LABELS: Record<PaymentMethod, string> = {
  webpay: 'Webpay (débito, crédito o prepago)',
  flow: 'Flow (Webpay, Mach, Khipu o transferencia)',
  mercadopago: 'Mercado Pago (tarjetas, saldo o cuotas)',
  transferencia: 'Transferencia bancaria',
  whatsapp: 'Coordinar por WhatsApp',
  en_persona: 'Pago en persona',
  mercadolibre: 'Pagado en Mercado Libre',
};

/** The methods paid on a provider's page (a card, or what the provider covers). */
export type CardMethod = Extract<PaymentMethod, 'webpay' | 'flow' | 'mercadopago'>;

/** The ways the seller marks paid by hand once the money arrives: a card may replace them (`receipt-pay.server.ts`). */
export const HAND_PAID_METHODS: PaymentMethod[] = ['transferencia', 'whatsapp'];

/** Paid only on the provider's word (Webpay, Flow, Mercado Pago), never by the seller's hand. */
export const paidByProvider = (payment: PaymentMethod): payment is CardMethod =>
  payment === 'webpay' || payment === 'flow' || payment === 'mercadopago';

export const REDIRECT_PROVIDERS = ['flow', 'mercadopago'] as const;
export type RedirectProvider = (typeof REDIRECT_PROVIDERS)[number];

export const isRedirectProvider = (method: string): method is RedirectProvider =>
  (REDIRECT_PROVIDERS as readonly string[]).includes(method);

/** A card provider the shop connected, and what it last said of the account. */
export interface ProviderState {
  method: CardMethod;
  /** «Flow», as checkout names it (`PAYMENT_NAMES`): read on the server, so the card ships no list. */
  name: string;
  check: 'ok' | 'rejected' | null;
}
