/**
 * Chilexpress (api.developers.chilexpress.cl) with a seller's own free keys: one per API product
 * (`Ocp-Apim-Subscription-Key`), the Cotizador's for prices and the Coberturas' for places.
 * Without a customer card (TCC) Chilexpress makes no transport orders by API, so this account only
 * quotes: the seller takes the parcel to a branch and types its tracking number. Chilexpress names
 * a comuna by a coverage code (`STGO`) listed per region with the official code beside it
 * (`ineCountyCode`), so no name is guessed. Answers carry `statusCode`: anything but 0 is a refusal.
 */
import { chilexpressApiUrl } from '@/lib/server/config';
import {
  ShippingAccountRejected,
  ShippingError,
  QUOTE_TIMEOUT_MS,
  type CourierQuote,
  type QuoteAnswer,
  type ShippingProvider,
} from '@/lib/shipping/provider';
import { DAY_MS, keptFor, textOf as text } from '@/lib/shipping/providers/catalog.server';

export interface ChilexpressAccount {
  /** The Cotizador (rating) product's key. */
  ratingKey: string;
  /** The Coberturas (georeference) product's key. */
  coverageKey: string;
}

const TIMEOUT_MS = 10_000;
/** `productType` 3: a parcel (encomienda); `contentType` 1: goods. */
const PARCEL = 3;
const GOODS = 1;

/** Coverage codes by official comuna code, per host, read once a day. */
const coverage = keptFor<Map<string, string>>(DAY_MS);

const record = (v: unknown) => (v && typeof v === 'object' ? v : {}) as Record<string, unknown>;

export function chilexpressClient(account: ChilexpressAccount): ShippingProvider {
  const base = chilexpressApiUrl();
  async function call(
    key: string,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    timeoutMs = TIMEOUT_MS,
  ): Promise<Record<string, unknown>> {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        'Ocp-Apim-Subscription-Key': key,
        'Cache-Control': 'no-cache',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const data = record(await res.json().catch(() => ({})));
    if (res.status === 401 || res.status === 403) throw new ShippingAccountRejected('chilexpress');
    const status = Number(data.statusCode ?? (res.ok ? 0 : res.status));
    if (!res.ok || status !== 0) {
      const words = text(data.statusDescription) ?? text(data.message) ?? `HTTP ${res.status}`;
      throw new ShippingError(res.ok ? 422 : res.status, `Chilexpress ${path}: ${words}`);
    }
    return data;
  }

  /** Chilexpress's coverage code of a comuna, from its region's list; null: not covered. */
  async function coverageOf(code: string): Promise<string | null> {
    const region = code.slice(0, 2);
    const codes = await coverage(`${base} ${region}`, async () => {
      const regions = await call(account.coverageKey, 'GET', '/georeference/api/v1.0/regions');
      const match = (Array.isArray(regions.regions) ? regions.regions : [])
        .map(record)
        .find((r) => Number(r.ineRegionCode) === Number(region));
      const id = match && text(match.regionId);
      if (!id) return new Map();
      const areas = await call(
        account.coverageKey,
        'GET',
        `/georeference/api/v1.0/coverage-areas?RegionCode=${encodeURIComponent(id)}&type=0`,
      );
      return new Map(
        (Array.isArray(areas.coverageAreas) ? areas.coverageAreas : []).flatMap((raw) => {
          const area = record(raw);
          const county = text(area.countyCode);
          const ine = Number(area.ineCountyCode);
          return county && ine > 0 ? [[String(ine).padStart(5, '0'), county] as const] : [];
        }),
      );
    });
    return codes.get(code) ?? null;
  }

  return {
    name: 'chilexpress',
    async quote({ from, to, parcel }) {
      const [origin, destiny] = await Promise.all([coverageOf(from), coverageOf(to)]);
      if (!origin || !destiny) return { kind: 'no-service' } satisfies QuoteAnswer;
      let data: Record<string, unknown>;
      try {
        data = await call(
          account.ratingKey,
          'POST',
          '/rating/api/v1.0/rates/courier',
          {
            originCountyCode: origin,
            destinationCountyCode: destiny,
            package: {
              weight: parcel.weightG / 1000,
              height: parcel.heightCm,
              width: parcel.widthCm,
              length: parcel.lengthCm,
            },
            productType: PARCEL,
            contentType: GOODS,
            declaredWorth: '0',
            deliveryTime: 0,
          },
          QUOTE_TIMEOUT_MS,
        );
      } catch (error) {
        // «No existe cobertura…»: nobody delivers there from here. An answer, not an outage.
        if (error instanceof ShippingError && /cobertura/i.test(error.message))
          return { kind: 'no-service' } satisfies QuoteAnswer;
        throw error;
      }
      const options = record(data.data).courierServiceOptions;
      const quotes: CourierQuote[] = (Array.isArray(options) ? options : []).flatMap((raw) => {
        const o = record(raw);
        const code = text(o.serviceTypeCode);
        const name = text(o.serviceDescription);
        const price = Number(o.serviceValue);
        if (!code || !name || !(price > 0)) return [];
        const label = name.charAt(0) + name.slice(1).toLowerCase();
        return [
          { courier: code, name: `Chilexpress ${label}`, price: Math.round(price), days: null },
        ];
      });
      return quotes.length
        ? ({ kind: 'quotes', quotes } satisfies QuoteAnswer)
        : ({ kind: 'no-service' } satisfies QuoteAnswer);
    },
    async check() {
      try {
        // Both keys: the places' and the prices' (a quote between two codes Chilexpress gave).
        await call(account.coverageKey, 'GET', '/georeference/api/v1.0/regions');
        await call(account.ratingKey, 'POST', '/rating/api/v1.0/rates/courier', {
          originCountyCode: 'STGO',
          destinationCountyCode: 'STGO',
          package: { weight: 1, height: 10, width: 10, length: 10 },
          productType: PARCEL,
          contentType: GOODS,
          declaredWorth: '0',
          deliveryTime: 0,
        });
        return 'ok';
      } catch (error) {
        if (error instanceof ShippingAccountRejected) return 'rejected';
        // A refusal of the sample route still means the key was accepted.
        if (error instanceof ShippingError && error.status < 500) return 'ok';
        return 'unreachable';
      }
    },
  };
}
