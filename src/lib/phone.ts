/** Chilean phone numbers: 9 digits after +56 (mobiles start with 9), stored as `+56912345678`. */

/** `+56912345678` for any common way of writing a Chilean number; null if it is not one. */
export function normalizePhone(input: string): string | null {
  let digits = input.replace(/[\s().-]/g, '');
  if (digits.startsWith('+')) digits = digits.slice(1);
  if (!/^\d+$/.test(digits)) return null;
  if (digits.startsWith('56') && digits.length === 11) digits = digits.slice(2);
  if (digits.length !== 9 || !/^[2-9]/.test(digits)) return null;
  return `+56${digits}`;
}

/** `+56 9 1234 5678` for display. */
export function formatPhone(normalized: string): string {
  const n = normalized.replace(/^\+56/, '');
  return n.startsWith('9')
    ? `+56 ${n[0]} ${n.slice(1, 5)} ${n.slice(5)}`
    : `+56 ${n.slice(0, 2)} ${n.slice(2, 5)} ${n.slice(5)}`;
}
