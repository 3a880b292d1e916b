/** CSV cells a spreadsheet cannot run, and phones it shows as they are (issue 62). */
import { describe, expect, it } from 'vitest';
import { csvLines, csvPhone } from '@/lib/csv';
import { chileTimestamp } from '@/lib/dates';

describe('a CSV cell', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+56 cmd', "'+56 cmd"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['＝HYPERLINK("x")', `"'＝HYPERLINK(""x"")"`],
    ['＋1', "'＋1"],
    ['－1', "'－1"],
    ['＠A1', "'＠A1"],
    ['\t=1', "'\t=1"],
    ['\r=1', `"'\r=1"`],
    ['Pan amasado', 'Pan amasado'],
    ['a;b', '"a;b"'],
  ])('%j is written %j', (value, cell) => {
    expect(csvLines([[value]])).toBe(`${cell}\r\n`);
  });

  it('leaves numbers as numbers, a negative one included', () => {
    expect(csvLines([[-5, 12990]])).toBe('-5;12990\r\n');
  });
});

describe('csvPhone', () => {
  it.each([
    ['+56912345678', '56 9 1234 5678'],
    ['+56221234567', '56 22 123 4567'],
    ['', ''],
    [null, ''],
  ])('%j → %j', (phone, shown) => {
    expect(csvPhone(phone)).toBe(shown);
    expect(csvLines([[csvPhone(phone)]]).startsWith("'")).toBe(false);
  });
});

describe('chileTimestamp', () => {
  it.each([
    // Summer (UTC−3) and winter (UTC−4) in Santiago.
    ['2026-11-27T02:30:00.000Z', '2026-11-26T23:30:00-03:00'],
    ['2026-07-01T12:00:00.000Z', '2026-07-01T08:00:00-04:00'],
  ])('%s → %s', (instant, shown) => {
    expect(chileTimestamp(new Date(instant))).toBe(shown);
    expect(new Date(chileTimestamp(new Date(instant))).toISOString()).toBe(instant);
  });
});
