/**
 * What an invoicing provider does for a shop, whichever it is (pure types): who the key's
 * taxpayer is, emit a document once per idempotency key, and fetch a document again by its token.
 * OpenFactura is the first (`openfactura.server.ts`); another provider is another adapter.
 */
import type { Issuer } from '@/lib/invoicing/dte';

export const INVOICING_PROVIDERS = ['openfactura'] as const;
export type InvoicingProviderName = (typeof INVOICING_PROVIDERS)[number];
export const INVOICING_ENVIRONMENTS = ['demo', 'production'] as const;
export type InvoicingEnvironment = (typeof INVOICING_ENVIRONMENTS)[number];

/** A document the provider emitted. */
export interface Emitted {
  token: string;
  folio: number;
  pdf: Uint8Array;
}

export interface InvoicingProvider {
  /** The taxpayer behind the key; also the harmless call «Probar conexión» makes. */
  organization(): Promise<Issuer>;
  /** Emits `dte` once: the same key again answers with the first document. */
  emit(dte: object, idempotencyKey: string): Promise<Emitted>;
}

/**
 * Why the provider did not emit. `key`: the key is not (or no longer) good, the seller must fix
 * it; `refused`: the document itself was refused, a retry would be refused too; `unavailable`:
 * down, slow, rate-limited or answering nonsense, so the queue tries again later.
 */
export class InvoicingError extends Error {
  readonly reason: 'key' | 'refused' | 'unavailable';
  constructor(reason: InvoicingError['reason'], message: string) {
    super(message);
    this.name = 'InvoicingError';
    this.reason = reason;
  }
}
