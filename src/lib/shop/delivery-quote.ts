/**
 * What delivery costs at checkout: the quote for a comuna, the choice an order records, the rate
 * table a buyer can open and the one-line summary on receipts and mails. Pure.
 */
import { comunaByCode, regionByCode, regionLabel } from '@/lib/chile/regions';
import {
  deliversAnywhere,
  formatDays,
  pickupLabel,
  type DaysRange,
  type DeliverySettings,
  type PickupPoint,
} from '@/lib/shop/delivery';

export type Quote =
  | { ok: true; price: number; days: DaysRange | null; free: boolean; zone: string }
  | { ok: false; zone: string };

/** What delivering `subtotal` pesos of products to `comuna` (an official code) costs. */
export function quoteDelivery(settings: DeliverySettings, comuna: string, subtotal: number): Quote {
  const place = comunaByCode(comuna);
  if (!place) return { ok: false, zone: 'esa comuna' };
  const rate =
    settings.comunas.find((c) => c.comuna === comuna) ??
    settings.regions[place.region.code] ??
    (settings.rest.price !== null
      ? { price: settings.rest.price, days: settings.rest.days }
      : null);
  if (!rate) return { ok: false, zone: place.comuna.name };
  const free = settings.free_from !== null && subtotal >= settings.free_from;
  return { ok: true, price: free ? 0 : rate.price, days: rate.days, free, zone: place.comuna.name };
}

/** One line per zone with a rate, for the checkout's table: most specific last. */
export function rateTable(
  settings: DeliverySettings,
): { zone: string; price: number; days: DaysRange | null }[] {
  const regions = Object.entries(settings.regions).flatMap(([code, rate]) => {
    const region = regionByCode(code);
    return region ? [{ zone: regionLabel(region), ...rate }] : [];
  });
  const comunas = settings.comunas.flatMap(({ comuna, price, days }) => {
    const place = comunaByCode(comuna);
    return place ? [{ zone: place.comuna.name, price, days }] : [];
  });
  const rest =
    settings.rest.price !== null
      ? [
          {
            zone: regions.length || comunas.length ? 'Resto de Chile' : 'Todo Chile',
            price: settings.rest.price,
            days: settings.rest.days,
          },
        ]
      : [];
  return [...regions, ...comunas, ...rest];
}

/**
 * The checkout's quote: for the comuna when one is chosen; without one, only a shop with one price
 * for all of Chile can say (null: the comuna is needed first).
 */
export function quoteFor(
  settings: DeliverySettings,
  comuna: string | undefined,
  subtotal: number,
): Quote | null {
  if (comuna) return quoteDelivery(settings, comuna, subtotal);
  const byZone = Object.keys(settings.regions).length + settings.comunas.length > 0;
  if (byZone || settings.rest.price === null) return null;
  const free = settings.free_from !== null && subtotal >= settings.free_from;
  return {
    ok: true,
    price: free ? 0 : settings.rest.price,
    days: settings.rest.days,
    free,
    zone: 'tu dirección',
  };
}

export type DeliveryChoice =
  | {
      ok: true;
      price: number;
      comuna: string | null;
      estimate: string | null;
      pickupPoint: PickupPoint | null;
      /** Where it goes, for messages: "Ñuñoa", "tu dirección". */
      zone: string;
    }
  | { ok: false; field: string; message: string };

/** What an order's delivery costs and carries, or why the shop cannot do it. */
export function chooseDelivery(
  settings: DeliverySettings,
  delivery: { method: 'retiro' | 'despacho'; comuna?: string; pickup_point?: number },
  subtotal: number,
  /** The price the seller agreed with the buyer (a chat order): it stands without any zone. */
  agreed?: number,
): DeliveryChoice {
  if (delivery.method === 'retiro') {
    const points = settings.pickup_points;
    const index = delivery.pickup_point ?? 0;
    if (points.length > 0 && !points[index])
      return {
        ok: false,
        field: 'delivery.pickup_point',
        message: 'Elige un punto de retiro de la lista.',
      };
    const pickupPoint = points[index] ?? null;
    return { ok: true, price: 0, comuna: null, estimate: null, pickupPoint, zone: 'retiro' };
  }
  if (agreed !== undefined) {
    if (!delivery.comuna)
      return { ok: false, field: 'delivery.comuna', message: 'Elige la comuna de despacho.' };
    const zoned = deliversAnywhere(settings) ? quoteFor(settings, delivery.comuna, subtotal) : null;
    return {
      ok: true,
      price: agreed,
      comuna: delivery.comuna,
      estimate: zoned?.ok && zoned.days ? formatDays(zoned.days) : null,
      pickupPoint: null,
      zone: comunaByCode(delivery.comuna)?.comuna.name ?? delivery.comuna,
    };
  }
  if (!deliversAnywhere(settings))
    return {
      ok: false,
      field: 'delivery.method',
      message: 'Esta tienda no hace despachos: elige retiro.',
    };
  const quote = quoteFor(settings, delivery.comuna, subtotal);
  if (!quote)
    return { ok: false, field: 'delivery.comuna', message: 'Elige la comuna de despacho.' };
  if (!quote.ok)
    return {
      ok: false,
      field: 'delivery.comuna',
      message: `No hay despacho a ${quote.zone}: elige retiro u otra comuna.`,
    };
  return {
    ok: true,
    price: quote.price,
    comuna: delivery.comuna || null,
    estimate: quote.days && formatDays(quote.days),
    pickupPoint: null,
    zone: quote.zone,
  };
}

/** An order's delivery in one line, for its page, mails and WhatsApp message. */
export function deliverySummary(
  delivery: {
    method: 'retiro' | 'despacho';
    address: string | null;
    comuna_name: string | null;
    estimate: string | null;
    pickup_point: PickupPoint | null;
    courier?: { name: string } | null;
  },
  handedOver = false,
): string {
  if (handedOver) return 'Te lo llevaste al momento de la compra';
  if (delivery.method === 'despacho') {
    const comuna = delivery.comuna_name ? `, ${delivery.comuna_name}` : '';
    const by = delivery.courier ? ` por ${delivery.courier.name}` : '';
    const arrives = delivery.estimate ? `; llega en ${delivery.estimate}` : '';
    return `Despacho a ${delivery.address ?? 'tu dirección'}${comuna}${by}${arrives}`;
  }
  return delivery.pickup_point
    ? `Retiro en ${pickupLabel(delivery.pickup_point)}`
    : 'Retiro: la tienda te contactará para coordinarlo';
}
