/**
 * Starken (starken.cl, its integration gateway, as its own e-commerce plug-ins call it) with a
 * seller's own token: `Authorization: Bearer`, JSON both ways. Starken names places by DLS codes
 * of its own: a comuna's (`code_dls`, for the recipient) inside a city's (`city.code_dls`, for
 * quotes), listed at `/agency/comuna` and matched to ours by name once a day. A quote answers 201
 * with `alternativas` (service, DOMICILIO/AGENCIA, who pays, price); an emission answers its id at
 * once and its orden de flete (OF) and label only when Starken has processed it
 * (`/emision/consulta/{id}`); tracking is read by OF, there is no webhook. What this relies on:
 * `../shared/chile-2026.md` §Shipping and docs/decisions/2026-11-29-parcels-and-couriers.md.
 */
import { byComunaCode } from '@/lib/chile/comuna-names';
import { starkenApiUrl } from '@/lib/server/config';
import {
  ShippingAccountRejected,
  ShippingError,
  QUOTE_TIMEOUT_MS,
  type CourierQuote,
  type NewShipment,
  type QuoteAnswer,
  type ShipmentState,
  type ShippingProvider,
} from '@/lib/shipping/provider';
import { DAY_MS, keptFor, textOf as text } from '@/lib/shipping/providers/catalog.server';

export interface StarkenAccount {
  token: string;
  /** The DLS code of the Starken agency the seller hands parcels to; empty: her comuna's first. */
  originAgency: string;
}

const TIMEOUT_MS = 10_000;
/** Home delivery, paid by the sender (the buyer paid the seller at checkout). */
const HOME = 'DOMICILIO';
const SENDER_PAYS = 2;

interface StarkenComuna {
  id: number;
  code: number;
  name: string;
  city: number;
}

/** Starken's comunas by our official code, per host, read once a day. */
const comunas = keptFor<Map<string, StarkenComuna>>(DAY_MS);
/** Delivery and service kinds (`/emision/tipo-*`): their DLS codes by name, per host. */
const kinds = keptFor<Map<string, number>>(DAY_MS);

/** Starken's own words from an error body (`{status, error}` or `{message}`). */
const messageOf = (data: Record<string, unknown>) =>
  text(data.error) ?? text(data.message) ?? text(data.mensaje) ?? '';

/** «EN TRANSITO» → `en_transito`: Starken's states as one word, for the order's page. */
const statusWord = (s: string) => s.trim().toLowerCase().replace(/\s+/g, '_');

export function starkenClient(account: StarkenAccount): ShippingProvider {
  const base = starkenApiUrl();
  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    timeoutMs = TIMEOUT_MS,
  ): Promise<unknown> {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${account.token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const data: unknown = await res.json().catch(() => ({}));
    if (res.status === 401 || res.status === 403) throw new ShippingAccountRejected('starken');
    if (!res.ok) {
      const record = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
      throw new ShippingError(res.status, `Starken ${path}: ${messageOf(record)}`);
    }
    return data;
  }
  const record = (v: unknown) => (v && typeof v === 'object' ? v : {}) as Record<string, unknown>;

  async function comunaOf(code: string): Promise<StarkenComuna | null> {
    const list = await comunas(base, async () => {
      const rows = await call('GET', '/agency/comuna');
      const valid = (Array.isArray(rows) ? rows : []).flatMap((raw) => {
        const row = record(raw);
        const city = record(row.city);
        const name = text(row.name);
        const id = Number(row.id);
        const dls = Number(row.code_dls);
        const cityDls = Number(city.code_dls);
        return name && dls > 0 && cityDls > 0 ? [{ id, code: dls, name, city: cityDls }] : [];
      });
      return byComunaCode(valid, (row) => row.name);
    });
    return list.get(code) ?? null;
  }

  /** The DLS code of a delivery (`tipo-entrega`) or service (`tipo-servicio`) kind by its name. */
  async function kindCode(kind: 'entrega' | 'servicio', name: string): Promise<number> {
    const codes = await kinds(`${base} ${kind}`, async () => {
      const rows = await call('GET', `/emision/tipo-${kind}/`);
      return new Map(
        (Array.isArray(rows) ? rows : []).flatMap((raw) => {
          const row = record(raw);
          const key = text(row.nombre);
          const code = Number(row.codigo_dls);
          return key && Number.isInteger(code) ? [[key.toUpperCase(), code] as const] : [];
        }),
      );
    });
    const code = codes.get(name.toUpperCase());
    if (code === undefined) throw new ShippingError(422, `Starken no ofrece el servicio ${name}.`);
    return code;
  }

  /** The agency the parcel leaves from: the seller's, or the first of her comuna's. */
  async function originAgency(from: string): Promise<string> {
    if (account.originAgency) return account.originAgency;
    const comuna = await comunaOf(from);
    const data = comuna ? record(await call('GET', `/agency/comuna/${comuna.id}`)) : {};
    const agencies = Array.isArray(data.agencies) ? data.agencies : [];
    const first = agencies.map((a) => text(record(a).code_dls)).find(Boolean);
    if (!first)
      throw new ShippingError(422, 'Starken no tiene una agencia en tu comuna de origen.');
    return first;
  }

  async function quote({ from, to, parcel }: Parameters<ShippingProvider['quote']>[0]) {
    const [origin, destiny] = await Promise.all([comunaOf(from), comunaOf(to)]);
    if (!origin || !destiny) return { kind: 'no-service' } satisfies QuoteAnswer;
    let data: Record<string, unknown>;
    try {
      data = record(
        await call(
          'POST',
          '/quote/cotizador-multiple',
          {
            origen: origin.city,
            destino: destiny.city,
            bulto: 'BULTO',
            kilos: parcel.weightG / 1000,
            alto: parcel.heightCm,
            ancho: parcel.widthCm,
            largo: parcel.lengthCm,
            todas_alternativas: true,
          },
          QUOTE_TIMEOUT_MS,
        ),
      );
    } catch (error) {
      // No rate between those cities: an answer about the route, not an outage.
      if (error instanceof ShippingError && (error.status === 404 || error.status === 204))
        return { kind: 'no-service' } satisfies QuoteAnswer;
      throw error;
    }
    const alternatives = Array.isArray(data.alternativas) ? data.alternativas.map(record) : [];
    const quotes: CourierQuote[] = alternatives.flatMap((a) => {
      const service = text(a.servicio);
      const price = Number(a.precio);
      const days = Number(a.dias);
      if (!service || text(a.entrega)?.toUpperCase() !== HOME) return [];
      if (Number(a.codigo_tipo_pago) !== SENDER_PAYS || !(price > 0)) return [];
      const label = service.charAt(0) + service.slice(1).toLowerCase();
      return [
        {
          courier: service.toLowerCase(),
          name: `Starken ${label}`,
          price: Math.round(price),
          days: Number.isInteger(days) && days > 0 ? days : null,
        },
      ];
    });
    return quotes.length
      ? ({ kind: 'quotes', quotes } satisfies QuoteAnswer)
      : ({ kind: 'no-service' } satisfies QuoteAnswer);
  }

  async function create(shipment: NewShipment): Promise<{ id: string }> {
    const destiny = await comunaOf(shipment.to.comuna);
    if (!destiny) throw new ShippingError(422, 'Starken no despacha a esa comuna.');
    const [agency, delivery, service] = await Promise.all([
      originAgency(shipment.from),
      kindCode('entrega', HOME),
      kindCode('servicio', shipment.courier),
    ]);
    const [first, ...rest] = shipment.to.name.trim().split(/\s+/);
    const { parcel } = shipment;
    const data = record(
      await call('POST', '/emision/emision', {
        codigo_agencia_origen: agency,
        destinatario_nombres: first ?? '',
        destinatario_paterno: rest.join(' '),
        destinatario_telefono: shipment.to.phone,
        destinatario_email: shipment.to.email,
        destinatario_contacto: shipment.to.name,
        destinatario_direccion: shipment.to.street,
        destinatario_numeracion: shipment.to.number,
        destinatario_departamento: shipment.to.complement ?? '',
        destinatario_codigo_comuna: destiny.code,
        contenido: shipment.reference,
        tipo_entrega: { codigo_dls: delivery },
        tipo_pago: { codigo_dls: SENDER_PAYS },
        tipo_servicio: { codigo_dls: service },
        encargos: [
          {
            descripcion: shipment.items.map((i) => `${i.name} (${i.quantity})`).join(', '),
            tipo_encargo: 'BULTO',
            kilos: parcel.weightG / 1000,
            alto: parcel.heightCm,
            ancho: parcel.widthCm,
            largo: parcel.lengthCm,
          },
        ],
      }),
    );
    const id = text(data.id);
    if (!id) throw new ShippingError(502, 'Starken answered without the emission id');
    return { id };
  }

  /** The emission, then its OF's tracking once Starken has made one. */
  async function track(id: string): Promise<ShipmentState> {
    const emission = record(await call('GET', `/emision/consulta/${encodeURIComponent(id)}`));
    const of = text(emission.orden_flete);
    const freightOrder = of && of !== '0' ? of : null;
    const state: ShipmentState = {
      id,
      reference: text(emission.contenido),
      status: statusWord(text(emission.estado) ?? 'en_proceso'),
      delivered: false,
      trackingNumber: freightOrder,
      trackingUrl: freightOrder
        ? `https://www.starken.cl/seguimiento?codigo=${encodeURIComponent(freightOrder)}`
        : null,
      labelUrl: freightOrder ? text(emission.etiqueta) : null,
    };
    if (!freightOrder) return state;
    const tracking = record(
      await call('GET', `/tracking/orden-flete/of/${encodeURIComponent(freightOrder)}`),
    );
    const status = text(tracking.status);
    if (!status) return state;
    return { ...state, status: statusWord(status), delivered: statusWord(status) === 'entregado' };
  }

  async function label(id: string): Promise<Uint8Array | null> {
    const { labelUrl } = await track(id);
    if (!labelUrl) return null;
    // A label on Starken's own host is read with the seller's token, anywhere else without it.
    const own = new URL(labelUrl).origin === new URL(base).origin;
    const res = await fetch(labelUrl, {
      headers: own ? { Authorization: `Bearer ${account.token}` } : {},
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) throw new ShippingError(res.status, `Starken's label answered ${res.status}`);
    return new Uint8Array(await res.arrayBuffer());
  }

  return {
    name: 'starken',
    shipments: { oncePerReference: false, notifies: false, create, track, label },
    quote,
    async check() {
      try {
        await call('GET', '/emision/tipo-entrega/');
        return 'ok';
      } catch (error) {
        if (error instanceof ShippingAccountRejected) return 'rejected';
        return 'unreachable';
      }
    },
  };
}
