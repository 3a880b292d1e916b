/** The packing rule (issue 65) as a table: lines in, the parcel a courier is asked to price out. */
import { describe, expect, it } from 'vitest';
import {
  chargeableKg,
  DEFAULT_PARCEL,
  pack,
  type LineParcel,
  type Packed,
  type Parcel,
} from '@/lib/shipping/parcel';

const line = (
  quantity: number,
  weightG: number | null,
  sides: [number, number, number] | null,
): LineParcel => ({
  quantity,
  weightG,
  lengthCm: sides?.[0] ?? null,
  widthCm: sides?.[1] ?? null,
  heightCm: sides?.[2] ?? null,
});
const shopBox: Parcel = { weightG: 500, lengthCm: 25, widthCm: 15, heightCm: 10 };

describe('pack', () => {
  const cases: [string, LineParcel[], Parcel, Packed][] = [
    [
      'one mug: its own weight and box',
      [line(1, 400, [12, 10, 10])],
      shopBox,
      { weightG: 400, lengthCm: 12, widthCm: 10, heightCm: 10, chargeableKg: 0.4 },
    ],
    [
      'ten mugs: the weights add up and the box grows to hold their volume',
      [line(10, 400, [12, 10, 10])],
      shopBox,
      { weightG: 4000, lengthCm: 12, widthCm: 10, heightCm: 100, chargeableKg: 4 },
    ],
    [
      'sides given in any order are read longest first',
      [line(1, 300, [5, 40, 20])],
      shopBox,
      { weightG: 300, lengthCm: 40, widthCm: 20, heightCm: 5, chargeableKg: 1 },
    ],
    [
      'a line with no weight or size takes the shop default parcel for each unit',
      [line(2, null, null)],
      shopBox,
      { weightG: 1000, lengthCm: 25, widthCm: 15, heightCm: 20, chargeableKg: 1.9 },
    ],
    [
      'two sides of three say nothing of a box: the default stands in, the weight is the line’s',
      [
        line(1, 200, null),
        { quantity: 1, weightG: 200, lengthCm: 50, widthCm: 50, heightCm: null },
      ],
      shopBox,
      { weightG: 400, lengthCm: 25, widthCm: 15, heightCm: 20, chargeableKg: 1.9 },
    ],
    [
      'mixed lines: the largest footprint, every unit’s volume, every gram',
      [line(1, 2500, [40, 30, 5]), line(3, 150, [10, 8, 4])],
      shopBox,
      { weightG: 2950, lengthCm: 40, widthCm: 30, heightCm: 6, chargeableKg: 3 },
    ],
    [
      'a light, bulky pillow is billed by its volume',
      [line(1, 600, [60, 40, 20])],
      shopBox,
      { weightG: 600, lengthCm: 60, widthCm: 40, heightCm: 20, chargeableKg: 12 },
    ],
    [
      'no line with units: the shop default parcel',
      [line(0, 400, [12, 10, 10])],
      shopBox,
      { ...shopBox, chargeableKg: 1 },
    ],
  ];
  it.each(cases)('%s', (_, lines, fallback, expected) => {
    expect(pack(lines, fallback)).toEqual(expected);
  });

  it('a shop that said nothing ships in a 1 kg box of 30 × 20 × 10', () => {
    expect(pack([line(1, null, null)])).toEqual({ ...DEFAULT_PARCEL, chargeableKg: 1.5 });
  });
});

describe('chargeableKg', () => {
  it.each([
    [{ weightG: 1200, lengthCm: 10, widthCm: 10, heightCm: 10 }, 1.2],
    [{ weightG: 1201, lengthCm: 10, widthCm: 10, heightCm: 10 }, 1.3],
    [{ weightG: 1, lengthCm: 1, widthCm: 1, heightCm: 1 }, 0.1],
    [{ weightG: 100, lengthCm: 40, widthCm: 30, heightCm: 20 }, 6],
  ])('%o → %d kg', (parcel, kg) => {
    expect(chargeableKg(parcel)).toBe(kg);
  });
});
