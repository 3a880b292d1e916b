import { describe, expect, it } from 'vitest';
import { formatClp, parseClp } from '@/lib/money';
import { formatPhone, normalizePhone } from '@/lib/phone';
import { checkDigit, cleanRut, formatRut, isPersonRut, isValidRut } from '@/lib/rut';

describe('RUT (módulo 11)', () => {
  it('tells a person’s RUN (below 50.000.000) from a company’s RUT', () => {
    expect(isPersonRut('12.345.678-5')).toBe(true);
    expect(isPersonRut('49.999.999-2')).toBe(true);
    expect(isPersonRut('76.543.210-3')).toBe(false);
    expect(isPersonRut('50.000.000-7')).toBe(false);
    expect(isPersonRut('')).toBe(false);
  });

  it.each([
    '12.345.678-5',
    '12345678-5',
    '123456785',
    '12.345.678 - 5',
    '11.111.111-1',
    '76.086.428-5',
    '10.000.013-K',
    '10000013-k',
    '8.765.432-K',
  ])('%s is valid', (rut) => {
    expect(isValidRut(rut)).toBe(true);
  });
  it.each([
    '12.345.678-6',
    '12345678-K',
    '11.111.111-2',
    '',
    'abc',
    '1-9',
    '12.345.678-',
    '123.456.789-0',
    '12,345,678-5',
    '12.345.678-55',
  ])('%s is invalid', (rut) => {
    expect(isValidRut(rut)).toBe(false);
  });
  it('computes check digits, including K and 0', () => {
    expect(checkDigit('12345678')).toBe('5');
    expect(checkDigit('10000013')).toBe('K');
    expect(checkDigit('7654321')).toBe('6');
  });
  it('formats as 12.345.678-5', () => {
    expect(formatRut('123456785')).toBe('12.345.678-5');
    expect(formatRut('10000013k')).toBe('10.000.013-K');
    expect(formatRut('8765432k')).toBe('8.765.432-K');
    expect(cleanRut(' 12.345.678-k ')).toBe('12345678K');
  });
});

describe('money', () => {
  it('shows pesos as $1.000.000', () => {
    expect(formatClp(1_000_000)).toBe('$1.000.000');
    expect(formatClp(500)).toBe('$500');
    expect(formatClp(1234567.6)).toBe('$1.234.568');
  });
  it.each([
    ['$1.000.000', 1_000_000],
    ['1000000', 1_000_000],
    ['1.000.000', 1_000_000],
    ['$ 250.000', 250_000],
    ['0', 0],
  ])('parses %s', (text, value) => expect(parseClp(text)).toBe(value));
  it.each(['', 'mil', '1,5', '1.00.000', '-5', '$1.000,50'])('refuses %s', (text) =>
    expect(parseClp(text)).toBeNull(),
  );
});

describe('Chilean phones', () => {
  it.each([
    ['+56912345678', '+56912345678'],
    ['+56 9 1234 5678', '+56912345678'],
    ['912345678', '+56912345678'],
    ['56912345678', '+56912345678'],
    ['(2) 2123 4567', '+56221234567'],
    ['+56 2 2123 4567', '+56221234567'],
  ])('normalises %s', (input, expected) => expect(normalizePhone(input)).toBe(expected));
  it.each(['12345678', '+5491123456789', '0912345678', 'llámame', '+56 1 1234 5678'])(
    'refuses %s',
    (input) => expect(normalizePhone(input)).toBeNull(),
  );
  it('formats', () => {
    expect(formatPhone('+56912345678')).toBe('+56 9 1234 5678');
  });
});
