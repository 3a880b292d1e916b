/**
 * The ways a checkout can deliver to the buyer's comuna (issue 65): the shop's own zone rate and
 * each courier's price, side by side, the buyer choosing one. A radio's value carries the price it
 * showed (`shipit:starken:5890`), so placing the order can tell a price that changed since. No
 * option is ever made up: none → «No hay despacho a …». Pure.
 */
import { formatClp } from '@/lib/money';
import { formatDays } from '@/lib/shop/delivery';
import type { Quote } from '@/lib/shop/delivery-quote';
import type { CourierOutcome } from '@/lib/shipping/provider';

/** The shop's own rate by zone, as an option's id. */
export const SHOP_OPTION = 'tienda';

/** What an order records of the courier its buyer chose. */
export interface ChosenCourier {
  provider: string;
  courier: string;
  name: string;
  days: number | null;
}

export interface DeliveryOption {
  /** `tienda`, or `{provider}:{courier}`. */
  id: string;
  /** «Despacho de la tienda», «Starken». */
  label: string;
  price: number;
  /** «2 días hábiles»; null: not said. */
  estimate: string | null;
  /** The shop's free shipping applies. */
  free: boolean;
  courier: ChosenCourier | null;
}

export interface DeliveryOffer {
  options: DeliveryOption[];
  /** What the status line under «Calcular despacho» says. */
  sentence: string;
}

const daysText = (days: number | null) => (days ? formatDays({ min: days, max: days }) : null);

/** The zone's option and the couriers', cheapest courier first; and what to say of them. */
export function deliveryOffer(
  zone: Quote | null,
  couriers: CourierOutcome,
  /** The chosen comuna's name; null: none chosen yet. */
  comuna: string | null,
): DeliveryOffer {
  const options: DeliveryOption[] = [];
  if (zone?.ok)
    options.push({
      id: SHOP_OPTION,
      label: 'Despacho de la tienda',
      price: zone.price,
      estimate: zone.days ? formatDays(zone.days) : null,
      free: zone.free,
      courier: null,
    });
  const quoted = couriers.kind === 'options' || couriers.kind === 'unavailable';
  for (const o of quoted ? couriers.options : [])
    options.push({
      id: o.id,
      label: o.name,
      price: o.price,
      estimate: daysText(o.days),
      free: false,
      courier: { provider: o.provider, courier: o.courier, name: o.name, days: o.days },
    });
  if (!comuna)
    return {
      options,
      sentence:
        options.length === 1 && options[0]!.id === SHOP_OPTION
          ? optionSentence(options[0]!, 'tu dirección')
          : 'Elige tu comuna para ver el costo y el plazo.',
    };
  if (options.length === 0)
    return {
      options,
      sentence:
        couriers.kind === 'unavailable'
          ? `No pudimos cotizar el despacho a ${comuna}. Intenta de nuevo en unos minutos o elige retiro.`
          : `No hay despacho a ${comuna}. Puedes elegir retiro.`,
    };
  if (options.length === 1) return { options, sentence: optionSentence(options[0]!, comuna) };
  return { options, sentence: `Elige cómo llega tu pedido a ${comuna}.` };
}

/** «Despacho a Ñuñoa con Starken: $5.890, llega en 2 días hábiles.» */
export function optionSentence(option: DeliveryOption, zone: string): string {
  const by = option.courier ? ` con ${option.label}` : '';
  const arrives = option.estimate ? `, llega en ${option.estimate}` : '';
  return `Despacho a ${zone}${by}: ${option.free ? 'gratis' : formatClp(option.price)}${arrives}.`;
}

/** A radio's value: the option and the price the buyer saw. */
export const optionValue = (option: DeliveryOption) => `${option.id}:${option.price}`;

/** The form's `delivery.option`, read: which option and the price shown; null: none or unreadable. */
export function parseOption(
  value: string | undefined,
): { id: string; shown: number | null } | null {
  const match = /^(tienda|[a-z]+:[a-z0-9_-]{1,40})(?::(\d{1,9}))?$/.exec(value ?? '');
  if (!match) return null;
  return { id: match[1]!, shown: match[2] === undefined ? null : Number(match[2]) };
}
