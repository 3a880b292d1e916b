/**
 * The card providers: Webpay, and those that take the buyer to their own page and tell the shop
 * afterwards, server to server (Flow, Mercado Pago). Each one is reached through this interface,
 * so placing, confirming, reconciling and refunding an order read the same whatever the provider.
 */
import { HttpError } from '@/lib/server/http/errors';
import {
  isRedirectProvider,
  type CardMethod,
  type RedirectProvider,
} from '@/lib/shop/payment-methods';

/** A route's `{provider}`: a redirect provider's name, else a 404 (the route does not exist). */
export function providerParam(value: string | undefined): RedirectProvider {
  if (value && isRedirectProvider(value)) return value;
  throw new HttpError(404, 'Ese medio de pago no existe.');
}

/** Where a payment stands, as the provider says it (never as a notification's body says it). */
export type PaymentState = 'paid' | 'rejected' | 'cancelled' | 'pending';

/** A provider's answer about one payment, kept on the order as the seller's record. */
export interface ProviderPayment {
  state: PaymentState;
  amount: number;
  /** Our order's number, as the provider echoes it: a payment for another order changes nothing. */
  reference: string;
  /** The provider's own number for the payment. */
  provider_order: string | null;
  /** How the buyer paid (Flow's `media`: «Webpay», «Mach», «Khipu»…), once paid. */
  media: string | null;
  date: string | null;
}

export interface NewPayment {
  /** Our order's number (a later try's own reference, `orderReference`). */
  reference: string;
  /** Our id of the order (`o42`): Webpay sends it back when its time to pay runs out. */
  session: string;
  subject: string;
  amount: number;
  email: string;
  /** Where the provider tells us, server to server. */
  confirmationUrl: string;
  /** Where the buyer's browser comes back. */
  returnUrl: string;
  /** After this the provider stops taking the payment (our stock hold ends then too). */
  expiresInSeconds: number;
}

export interface NewRefund {
  ref: string;
  reference: string;
  amount: number;
  email: string;
  /** Where the provider says how the refund went. */
  callbackUrl: string;
}

/** What «Probar conexión» found: the provider accepted the account, refused it, or did not answer. */
export type AccountCheck = 'ok' | 'rejected' | 'unreachable';

/**
 * A card provider with one shop's account. Flow and Mercado Pago send the buyer to `url` and tell
 * us server to server; Webpay's page takes the token by POST and confirms on the buyer's return
 * (`webpay.server.ts` adds its `commit`). `P` is what a provider's answer keeps beyond the common
 * part (Webpay: its whole result, for the seller's record).
 */
export interface PaymentProvider<P extends ProviderPayment = ProviderPayment> {
  readonly name: CardMethod;
  /** Starts a payment: its reference and the page the buyer goes to. */
  create(payment: NewPayment): Promise<{ ref: string; url: string }>;
  /**
   * Asks where an order's payment stands (`ref`: what `create` answered; `reference`: our order's
   * number): what confirms, reconciles and settles a return.
   */
  status(ref: string, reference: string): Promise<P>;
  /** One payment by the provider's own id, as its notification names it (Mercado Pago). */
  payment?(id: string): Promise<P>;
  /** Gives a paid order's money back. */
  refund(refund: NewRefund): Promise<{ ref: string; state: string }>;
  /** Where a refund stands (Flow's callback): `created`, `accepted`, `rejected`, `refunded`. */
  refundStatus?(ref: string): Promise<{ ref: string; state: string }>;
  /** Asks something harmless with the account's keys. */
  check(): Promise<AccountCheck>;
}

/** The provider answered 401: it does not know the shop's keys. */
export class ProviderAccountRejected extends Error {
  constructor(provider: CardMethod) {
    super(`${provider} rejected the store account (401)`);
    this.name = 'ProviderAccountRejected';
  }
}

/** The provider refused a call (4xx other than 401), with its own code and message. */
export class ProviderError extends Error {
  readonly status: number;
  readonly code: unknown;
  constructor(status: number, code: unknown, message: string) {
    super(message);
    this.name = 'ProviderError';
    this.status = status;
    this.code = code;
  }
}

/**
 * The reference a payment carries at its provider: the order's number, or for a later try made
 * from the receipt page its own (`H689-BNA3-5`), since Flow takes each `commerceOrder` once.
 */
export const orderReference = (row: { number: string; paymentReference: string | null }) =>
  row.paymentReference ?? row.number;

/** The order number a reference names (`H689-BNA3-5` → `H689-BNA3`). */
export const numberOfReference = (reference: string) => reference.slice(0, 9);

/** Each provider's name as a buyer reads it, and what it covers. */
export const PROVIDER_NAMES: Record<RedirectProvider, string> = {
  flow: 'Flow',
  mercadopago: 'Mercado Pago',
};
export const PROVIDER_COVERS: Record<RedirectProvider, string> = {
  flow: 'Webpay, Mach, Khipu o transferencia',
  mercadopago: 'tarjetas, saldo en Mercado Pago o cuotas',
};
