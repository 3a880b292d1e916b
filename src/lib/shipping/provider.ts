/**
 * The couriers (issue 65): Shipit (an aggregator: Chilexpress, Starken, Bluexpress…), Starken and
 * Chilexpress, each with the seller's own account, reached through this one interface beside the
 * payment and invoicing ones, so checkout, the order's «Crear envío» and tracking read the same
 * whatever the courier. Pure: the adapters are `providers/<name>/*.server.ts`.
 */
import type { Packed } from '@/lib/shipping/parcel';

export const SHIPPING_PROVIDERS = ['shipit', 'starken', 'chilexpress'] as const;
export type ShippingProviderName = (typeof SHIPPING_PROVIDERS)[number];

/**
 * Which couriers make shipments by API for a seller without a commercial contract. Chilexpress
 * makes transport orders only with a customer card (TCC): its account quotes, and the seller takes
 * the parcel to a branch.
 */
export const MAKES_SHIPMENTS: Record<ShippingProviderName, boolean> = {
  shipit: true,
  starken: true,
  chilexpress: false,
};

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

/** A courier's shipments by API: created, read back, their labels. */
export interface ShipmentApi {
  /**
   * Whether the courier refuses a second shipment under one reference (Shipit: once a day). Then
   * a retry after a crash is safe; otherwise a retry that cannot know is left to the seller.
   */
  readonly oncePerReference: boolean;
  /** Whether the courier tells the app when a shipment moves (Shipit's webhook); else it is polled. */
  readonly notifies: boolean;
  /** Creates the shipment; its tracking number and label may come later (`track`, `label`). */
  create(shipment: NewShipment): Promise<{ id: string }>;
  track(id: string): Promise<ShipmentState>;
  /** The label's PDF; null while the courier has not made it yet. */
  label(id: string): Promise<Uint8Array | null>;
}

export interface ShippingProvider {
  readonly name: ShippingProviderName;
  quote(request: QuoteRequest): Promise<QuoteAnswer>;
  /**
   * Absent where the seller's account only quotes (Chilexpress without a customer card): the
   * seller takes the parcel to the courier and types its tracking number.
   */
  readonly shipments?: ShipmentApi;
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
