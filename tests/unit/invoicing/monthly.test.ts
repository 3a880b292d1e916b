/** A month of tax documents for the F29 (pure): months, sums with notas de crédito taken off, the CSV. */
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  currentMonth,
  formatMonth,
  monthDays,
  monthlyCsv,
  parseMonth,
  summarise,
} from '@/lib/invoicing/monthly';

describe('months', () => {
  it.each([
    ['2026-11', '2026-11'],
    ['2026-1', null],
    ['2026-13', null],
    ['2020-12', null],
    ['noviembre', null],
    ['', null],
  ])('parseMonth(%j) → %j', (raw, month) => {
    expect(parseMonth(raw)).toBe(month);
  });

  it('moves across years and knows February', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(monthDays('2028-02')).toEqual({ first: '2028-02-01', last: '2028-02-29' });
    expect(monthDays('2026-11')).toEqual({ first: '2026-11-01', last: '2026-11-30' });
    expect(currentMonth('2026-11-27')).toBe('2026-11');
    expect(formatMonth('2026-11')).toBe('noviembre de 2026');
  });
});

describe('summarise', () => {
  it('orders the types as the SII does and takes the notas de crédito off', () => {
    const summary = summarise(
      '2026-11',
      [
        { type: 61, count: 1, neto: 10916, iva: 2074, exento: 0, total: 12990 },
        { type: 39, count: 3, neto: 32748, iva: 6222, exento: 0, total: 38970 },
        { type: 41, count: 1, neto: 0, iva: 0, exento: 20000, total: 20000 },
        { type: 33, count: 0, neto: 0, iva: 0, exento: 0, total: 0 },
      ],
      { count: 2, total: 25980 },
    );
    expect(summary.types.map((t) => [t.type, t.label])).toEqual([
      [39, 'Boleta electrónica'],
      [41, 'Boleta exenta electrónica'],
      [61, 'Nota de crédito electrónica'],
    ]);
    expect(summary.net).toEqual({ neto: 21832, iva: 4148, exento: 20000, total: 45980 });
    expect(summary.undocumented).toEqual({ count: 2, total: 25980 });
  });
});

describe('monthlyCsv', () => {
  it('one document a line, `;`-separated, with a BOM and where it was emitted', () => {
    const csv = monthlyCsv([
      {
        date: '2026-11-03',
        type: 39,
        folio: 12,
        order_number: 'AB12-CD34',
        neto: 10916,
        iva: 2074,
        exento: 0,
        total: 12990,
        by_hand: true,
      },
    ]);
    expect(csv).toBe(
      '\uFEFFfecha;tipo;documento;folio;pedido;neto;iva;exento;total;origen\r\n' +
        '2026-11-03;39;Boleta electrónica;12;AB12-CD34;10916;2074;0;12990;SII\r\n',
    );
  });
});
