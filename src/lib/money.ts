/** Chilean pesos: shown as `$1.000.000` (no decimals). */

/** `$1.000.000` for 1000000. */
export function formatClp(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  return `${sign}$${Math.round(Math.abs(amount))
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
}

/** The text of an amount field: `12.990` (no sign, the field shows `$`); empty for none. */
export function amountFieldValue(amount: number | null | undefined): string {
  return amount === null || amount === undefined ? '' : formatClp(amount).replace(/^-?\$/, '');
}

/** The whole pesos in `$1.000.000`, `1000000` or `1.000.000`; null when it is not an amount. */
export function parseClp(text: string): number | null {
  const trimmed = text.trim().replace(/^\$\s*/, '');
  if (!/^\d{1,3}(\.\d{3})*$|^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed.replace(/\./g, ''));
  return Number.isSafeInteger(value) ? value : null;
}

/**
 * An amount as a person types it (`$1.000.000 pesos`, `1 000 000`): the words and spaces around the
 * digits are dropped; a sign is not, so `-500000` is refused, never read as $500.000.
 */
export function parseTypedClp(text: string): number | null {
  if (/[-−]/.test(text)) return null;
  return parseClp(text.replace(/[^\d.$]/g, ''));
}
