/**
 * The `/despacho` form: its fields are named by their place in the settings (`regions.13.price`,
 * `comunas.2.comuna`, `pickup_points.0.name`), so the schema's errors land on the right input.
 */
import { amountFieldValue } from '@/lib/money';
import { daysFieldValue, type DeliverySettings, type Rate } from '@/lib/shop/delivery';

type Row = Record<string, string>;
/** The `/despacho` form's values, as typed: what a refused post shows again. */
export interface DeliveryFormRows {
  rest: { price: string; days: string };
  regions: Record<string, Row>;
  comunas: Row[];
  free_from: string;
  pickup_points: Row[];
  version: string | undefined;
}

/** The stored settings as the form's values. */
export function deliveryFormRows(settings: DeliverySettings, version: number): DeliveryFormRows {
  const rate = (r: Rate) => ({ price: amountFieldValue(r.price), days: daysFieldValue(r.days) });
  return {
    rest: {
      price: amountFieldValue(settings.rest.price),
      days: daysFieldValue(settings.rest.days),
    },
    regions: Object.fromEntries(Object.entries(settings.regions).map(([k, r]) => [k, rate(r)])),
    comunas: settings.comunas.map((c) => ({ comuna: c.comuna, ...rate(c) })),
    free_from: amountFieldValue(settings.free_from),
    pickup_points: settings.pickup_points.map((p) => ({ ...p })),
    version: String(version),
  };
}

/**
 * The `/despacho` form's fields (`regions.13.price`, `comunas.2.comuna`, `pickup_points.0.name`…)
 * as the schema's input: blank rows dropped, so an empty line is not an error.
 */
export function deliveryFormInput(fields: Record<string, string>): DeliveryFormRows {
  const rows = (prefix: string) => {
    const out = new Map<string, Row>();
    for (const [name, value] of Object.entries(fields)) {
      const match = new RegExp(`^${prefix}\\.([^.]+)\\.([a-z_]+)$`).exec(name);
      if (match) out.set(match[1]!, { ...out.get(match[1]!), [match[2]!]: value });
    }
    return out;
  };
  const filled = (row: Row, keys: string[]) => keys.some((k) => (row[k] ?? '').trim() !== '');
  const regions = Object.fromEntries(
    [...rows('regions')].filter(([, row]) => filled(row, ['price', 'days'])),
  );
  const comunas = [...rows('comunas').values()].filter((row) =>
    filled(row, ['comuna', 'price', 'days']),
  );
  const pickup_points = [...rows('pickup_points').values()].filter((row) =>
    filled(row, ['name', 'address', 'hours']),
  );
  return {
    rest: { price: fields['rest.price'] ?? '', days: fields['rest.days'] ?? '' },
    regions,
    comunas,
    free_from: fields.free_from ?? '',
    pickup_points,
    version: fields.version,
  };
}
