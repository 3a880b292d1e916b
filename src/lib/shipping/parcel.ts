/**
 * The parcel an order goes out in, as couriers price it (issue 65): the lines' weights added, a box
 * that holds them, and the chargeable weight, the larger of the real one and the volume's
 * (L × W × H ÷ 4000, Shipit's and Starken's divisor). A line says nothing of its size or weight
 * → the shop's default parcel stands in for it. Pure.
 */

/** Centimetres and grams, whole numbers. */
export interface Parcel {
  weightG: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
}

/** What one line of an order says of its parcel (its product's or variant's); null: not given. */
export interface LineParcel {
  quantity: number;
  weightG: number | null;
  lengthCm: number | null;
  widthCm: number | null;
  heightCm: number | null;
}

/** cm³ per chargeable kilogram. */
export const VOLUMETRIC_DIVISOR = 4000;

/** A small box of 1 kg: what a shop that said nothing ships in. */
export const DEFAULT_PARCEL: Parcel = { weightG: 1000, lengthCm: 30, widthCm: 20, heightCm: 10 };

export interface Packed extends Parcel {
  /** Kilograms billed: the real weight or the volume's, whichever is larger, up to the next 0.1 kg. */
  chargeableKg: number;
}

/** One unit's parcel: what the line gives, the default's for what it does not; sides longest first. */
function unitOf(line: LineParcel, fallback: Parcel): Parcel {
  // A size is the line's only when it gives all three sides: two of them say nothing of a box.
  const sized = line.lengthCm !== null && line.widthCm !== null && line.heightCm !== null;
  const sides = (
    sized
      ? [line.lengthCm!, line.widthCm!, line.heightCm!]
      : [fallback.lengthCm, fallback.widthCm, fallback.heightCm]
  ).sort((a, b) => b - a) as [number, number, number];
  return {
    weightG: line.weightG ?? fallback.weightG,
    lengthCm: sides[0],
    widthCm: sides[1],
    heightCm: sides[2],
  };
}

/**
 * The order's parcel: every unit's weight added; a box as long and as wide as the largest unit and
 * high enough that the units' whole volume fits (never less than the tallest unit), so ten mugs are
 * not priced as one.
 */
export function pack(lines: readonly LineParcel[], fallback: Parcel = DEFAULT_PARCEL): Packed {
  const units = lines
    .filter((l) => l.quantity > 0)
    .map((l) => ({ unit: unitOf(l, fallback), n: l.quantity }));
  if (units.length === 0) return { ...fallback, chargeableKg: chargeableKg(fallback) };
  const weightG = units.reduce((sum, { unit, n }) => sum + unit.weightG * n, 0);
  const lengthCm = Math.max(...units.map(({ unit }) => unit.lengthCm));
  const widthCm = Math.max(...units.map(({ unit }) => unit.widthCm));
  const volume = units.reduce(
    (sum, { unit, n }) => sum + unit.lengthCm * unit.widthCm * unit.heightCm * n,
    0,
  );
  const heightCm = Math.max(
    ...units.map(({ unit }) => unit.heightCm),
    Math.ceil(volume / (lengthCm * widthCm)),
  );
  const box = { weightG, lengthCm, widthCm, heightCm };
  return { ...box, chargeableKg: chargeableKg(box) };
}

/** The larger of the real and the volumetric weight, in kg up to the next 0.1. */
export function chargeableKg(parcel: Parcel): number {
  const volumetric = (parcel.lengthCm * parcel.widthCm * parcel.heightCm) / VOLUMETRIC_DIVISOR;
  const kg = Math.max(parcel.weightG / 1000, volumetric);
  // In tenths, rounded up; the epsilon keeps 1.2 from becoming 1.3 through binary fractions.
  return Math.ceil(kg * 10 - 1e-9) / 10;
}
