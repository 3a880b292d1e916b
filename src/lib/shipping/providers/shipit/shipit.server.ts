/**
 * Shipit (shipit.cl, API v4) with a seller's own account: every call sends `X-Shipit-Email`,
 * `X-Shipit-Access-Token` and `Accept: application/vnd.shipit.v4`, JSON both ways. Shipit names
 * comunas by its own ids, listed at `/v/communes` in capitals without accents: they are matched to
 * ours by name (`chile/comuna-names.ts`) and kept for a day. `SHIPIT_API_URL` points it at another host (the tests'
 * local Shipit). What this relies on: `../shared/chile-2026.md` §Shipping, developers.shipit.cl.
 */
import { byComunaCode } from '@/lib/chile/comuna-names';
import { shipitApiUrl } from '@/lib/server/config';
import { DAY_MS, keptFor, textOf as text } from '@/lib/shipping/providers/catalog.server';
import {
  ShippingAccountRejected,
  ShippingError,
  QUOTE_TIMEOUT_MS,
  type CourierQuote,
  type NewShipment,
  type ShipmentState,
  type ShippingProvider,
} from '@/lib/shipping/provider';

export interface ShipitAccount {
  email: string;
  token: string;
}

/** Any other call. */
const TIMEOUT_MS = 10_000;

/** Shipit's comunas by our official code, per host (the real one, or a test's), read once a day. */
const communes = keptFor<Map<string, { id: number; name: string }>>(DAY_MS);

/** Shipit's own words from an error body (`{message}` or `{error}` or `{errors: …}`). */
function messageOf(data: Record<string, unknown>): string {
  const errors = data.errors;
  return (
    text(data.message) ??
    text(data.error) ??
    (Array.isArray(errors) ? errors.map(String).join('; ') : errors ? JSON.stringify(errors) : '')
  );
}

export function shipitClient(account: ShipitAccount): ShippingProvider {
  const base = shipitApiUrl();
  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    timeoutMs = TIMEOUT_MS,
  ): Promise<Record<string, unknown> & { [key: number]: unknown }> {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        'X-Shipit-Email': account.email,
        'X-Shipit-Access-Token': account.token,
        Accept: 'application/vnd.shipit.v4',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const data = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (res.status === 401) throw new ShippingAccountRejected('shipit');
    if (!res.ok) throw new ShippingError(res.status, `Shipit ${path}: ${messageOf(data)}`);
    return data;
  }

  /** Shipit's id of one of our comunas (an official code); null: Shipit lists none by its name. */
  async function communeOf(code: string): Promise<{ id: number; name: string } | null> {
    const ids = await communes(base, async () => {
      const list = await call('GET', '/v/communes');
      const rows = Array.isArray(list) ? list : [];
      const valid = rows.flatMap((row: { id?: unknown; name?: unknown }) =>
        typeof row.id === 'number' && typeof row.name === 'string'
          ? [{ id: row.id, name: row.name }]
          : [],
      );
      return byComunaCode(valid, (row) => row.name);
    });
    return ids.get(code) ?? null;
  }

  /** Where a shipment stands, with its tracking and label once Shipit has them. */
  async function track(id: string): Promise<ShipmentState> {
    const data = await call('GET', `/v/shipments/${encodeURIComponent(id)}`);
    const status = text(data.status) ?? 'created';
    return {
      id: text(data.id) ?? id,
      reference: text(data.reference),
      status,
      delivered: status === 'delivered',
      trackingNumber: text(data.tracking_number),
      trackingUrl: text(data.courier_url),
      labelUrl: text(data.pack_pdf),
    };
  }

  async function create(shipment: NewShipment): Promise<{ id: string }> {
    const destiny = await communeOf(shipment.to.comuna);
    if (!destiny) throw new ShippingError(422, 'Shipit no despacha a esa comuna.');
    const { parcel } = shipment;
    const data = await call('POST', '/v/shipments', {
      shipment: {
        kind: 0,
        platform: 2,
        reference: shipment.reference.slice(0, 15),
        items: shipment.items.reduce((n, item) => n + item.quantity, 0),
        sizes: {
          length: parcel.lengthCm,
          width: parcel.widthCm,
          height: parcel.heightCm,
          weight: parcel.weightG / 1000,
        },
        courier: { client: shipment.courier, selected: true, payable: false },
        destiny: {
          street: shipment.to.street,
          number: shipment.to.number,
          complement: shipment.to.complement ?? '',
          commune_id: destiny.id,
          commune_name: destiny.name,
          full_name: shipment.to.name,
          email: shipment.to.email,
          phone: shipment.to.phone,
          kind: 'home_delivery',
        },
      },
    });
    const id = text(data.id);
    if (!id) throw new ShippingError(502, 'Shipit answered without the shipment id');
    return { id };
  }

  async function label(id: string): Promise<Uint8Array | null> {
    const { labelUrl } = await track(id);
    if (!labelUrl) return null;
    const res = await fetch(labelUrl, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!res.ok) throw new ShippingError(res.status, `Shipit's label answered ${res.status}`);
    return new Uint8Array(await res.arrayBuffer());
  }

  return {
    name: 'shipit',
    shipments: {
      oncePerReference: true,
      notifies: true,
      create,
      track,
      label,
    },
    async quote({ from, to, parcel }) {
      const [origin, destiny] = await Promise.all([communeOf(from), communeOf(to)]);
      if (!origin || !destiny) return { kind: 'no-service' };
      try {
        const data = await call(
          'POST',
          '/v/rates',
          {
            parcel: {
              length: parcel.lengthCm,
              width: parcel.widthCm,
              height: parcel.heightCm,
              weight: parcel.weightG / 1000,
              origin_id: origin.id,
              destiny_id: destiny.id,
              type_of_destiny: 'domicilio',
              algorithm: '1',
              algorithm_days: '2',
            },
          },
          QUOTE_TIMEOUT_MS,
        );
        const prices = Array.isArray(data.prices) ? (data.prices as Record<string, unknown>[]) : [];
        const quotes: CourierQuote[] = prices.flatMap((p) => {
          const courier = (p.courier ?? {}) as Record<string, unknown>;
          const key = text(courier.name);
          const price = Number(p.price);
          if (!key || !Number.isFinite(price) || price <= 0 || p.available_to_shipping === false)
            return [];
          const days = Number(p.days);
          return [
            {
              courier: key,
              name: text(courier.display_name) ?? key,
              price: Math.round(price),
              days: Number.isFinite(days) && days > 0 ? days : null,
            },
          ];
        });
        return quotes.length ? { kind: 'quotes', quotes } : { kind: 'no-service' };
      } catch (error) {
        // «Sin Precios…»: no courier on that route. An answer, not an outage.
        if (
          error instanceof ShippingError &&
          error.status === 400 &&
          /sin precios/i.test(error.message)
        )
          return { kind: 'no-service' };
        throw error;
      }
    },
    async check() {
      try {
        await call('GET', '/v/communes');
        return 'ok';
      } catch (error) {
        if (error instanceof ShippingAccountRejected) return 'rejected';
        return 'unreachable';
      }
    },
  };
}
