/**
 * The couriers (issue 65): Shipit (an aggregator: Chilexpress, Starken, Bluexpress…), Starken and
 * Chilexpress, each with the seller's own account, reached through this one interface beside the
 * payment and invoicing ones, so checkout, the order's «Crear envío» and tracking read the same
 * whatever the courier. Pure: the adapters are `providers/<name>/*.server.ts`.
 */
import type { Packed } from '@/lib/shipping/parcel';

export const SHIPPING_PROVIDERS = ['shipit', 'starken', 'chilexpress'] as const;
export type ShippingProviderName = (typeof SHIPPING_PROVIDERS)[number];

/** A quote must answer within this: checkout then shows the zone rates alone (issue 65: 3 s). */
export const QUOTE_TIMEOUT_MS = 3_000;

export const SHIPPING_PROVIDER_NAMES: Record<ShippingProviderName, string> = {
  shipit: 'Shipit',
  starken: 'Starken',
  chilexpress: 'Chilexpress',
};

/** One way to send a parcel between two comunas, as the courier prices it (pesos, IVA included). */
export interface CourierQuote {
  /** The courier's key at the provider (`starken`, `chilexpress`): what a shipment names. */
  courier: string;
  /** How a buyer reads it: «Starken», «Chilexpress». */
  name: string;
  price: number;
  /** Business days to the door, as the courier says; null: it did not say. */
  days: number | null;
}

/**
 * A quote's answer: the prices, or that no courier serves the route (Shipit's 400 «Sin Precios»),
 * which is an answer and not an outage: checkout says «No hay despacho a …», never a made-up price.
 */
export type QuoteAnswer = { kind: 'quotes'; quotes: CourierQuote[] } | { kind: 'no-service' };

/** One courier option a buyer can choose: `shipit:starken`. */
export interface CourierOption extends CourierQuote {
  id: string;
  provider: ShippingProviderName;
}

export type CourierOutcome =
  /** The shop has no courier (none connected and accepted, or no origin): zone rates only. */
  | { kind: 'none' }
  | { kind: 'options'; options: CourierOption[] }
  /** Every courier answered that nobody goes there. */
  | { kind: 'no-service' }
  /** A courier did not answer in time or failed: what the others said, if anything. */
  | { kind: 'unavailable'; options: CourierOption[] };

export interface QuoteRequest {
  /** Official comuna codes (CUT, `13101`). */
  from: string;
  to: string;
  parcel: Packed;
}

/** Where the parcel goes and to whom: sent to the courier only once the order is paid (Ley 21.719). */
export interface Recipient {
  name: string;
  email: string;
  phone: string;
  street: string;
  number: string;
  complement: string | null;
  /** Official comuna code. */
  comuna: string;
}

export interface NewShipment {
  /** Our reference (the order's number, ≤ 15 characters): a retry sends the same one. */
  reference: string;
  courier: string;
  parcel: Packed;
  from: string;
  to: Recipient;
  items: { name: string; quantity: number }[];
}

/** A shipment as the courier says it stands. */
export interface ShipmentState {
  id: string;
  /** The reference it was created with (the order's number). */
  reference: string | null;
  /** The courier's words for where it is (`in_transit`, `delivered`…). */
  status: string;
  delivered: boolean;
  trackingNumber: string | null;
  /** Where the buyer follows it on the courier's site. */
  trackingUrl: string | null;
  /** The label's PDF, once the courier made it. */
  labelUrl: string | null;
}

/** What «Probar conexión» found. */
export type ShippingCheck = 'ok' | 'rejected' | 'unreachable';

export interface ShippingProvider {
  readonly name: ShippingProviderName;
  quote(request: QuoteRequest): Promise<QuoteAnswer>;
  /** Creates the shipment; its tracking number and label come later (`track`, `label`). */
  create(shipment: NewShipment): Promise<{ id: string }>;
  track(id: string): Promise<ShipmentState>;
  /** The label's PDF; null while the courier has not made it yet. */
  label(id: string): Promise<Uint8Array | null>;
  /** Cancels a shipment not yet picked up; absent where the courier offers none by API (Shipit). */
  cancel?(id: string): Promise<void>;
  check(): Promise<ShippingCheck>;
}

/** The courier answered 401: it does not know the seller's keys. */
export class ShippingAccountRejected extends Error {
  constructor(provider: ShippingProviderName) {
    super(`${provider} rejected the seller's account (401)`);
    this.name = 'ShippingAccountRejected';
  }
}

/** The courier refused a call (a 4xx other than 401), in its own words. */
export class ShippingError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'ShippingError';
    this.status = status;
  }
}

/**
 * A comuna's name as couriers compare it: capitals, no accents, ñ as N, letters and digits only
 * (`Ñuñoa` → `NUNOA`, `Concepción` → `CONCEPCION`, `San Pedro de la Paz` → `SANPEDRODELAPAZ`).
 * Shipit's `/v/communes` is written in capitals without accents: a match on the names as we write
 * them fails without a word.
 */
export function comunaKey(name: string): string {
  return (
    name
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toUpperCase()
      // Spaces, apostrophes and dots aside: «O'Higgins», «O HIGGINS» and «OHIGGINS» are one.
      .replace(/[^A-Z0-9]/g, '')
  );
}
