/**
 * Chilean RUT/RUN: módulo-11 check digit, accepted with or without dots, with a hyphen or
 * not, `k` in either case; shown as `12.345.678-5`.
 */

/** Digits and check digit only, upper case: `12345678K`. */
export function cleanRut(input: string): string {
  return input.replace(/[^0-9kK]/g, '').toUpperCase();
}

/** The check digit of a RUT body (módulo 11): `0`–`9` or `K`. */
export function checkDigit(body: string): string {
  let sum = 0;
  let factor = 2;
  for (let i = body.length - 1; i >= 0; i--) {
    sum += Number(body[i]) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const rest = 11 - (sum % 11);
  return rest === 11 ? '0' : rest === 10 ? 'K' : String(rest);
}

/** True for a well-formed RUT whose check digit is right. */
export function isValidRut(input: string): boolean {
  if (!/^[0-9.\s]+\s*-?\s*[0-9kK]$/.test(input.trim())) return false;
  const clean = cleanRut(input);
  const body = clean.slice(0, -1);
  if (!/^\d{1,8}$/.test(body) || Number(body) < 100_000) return false;
  return checkDigit(body) === clean.slice(-1);
}

/** `12.345.678-5` (as far as the input goes; no validation). */
export function formatRut(input: string): string {
  const clean = cleanRut(input);
  if (clean.length < 2) return clean;
  const body = clean.slice(0, -1).replace(/^0+/, '');
  return `${body.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}-${clean.slice(-1)}`;
}

/**
 * Whether a RUT is a person's (a RUN): the SII gives people numbers below 50.000.000 and
 * companies numbers from there up.
 */
export function isPersonRut(input: string): boolean {
  const body = cleanRut(input).slice(0, -1);
  return body !== '' && Number(body) < 50_000_000;
}
