/** Whole amounts in Spanish words, as deeds write them: «un millón quinientos mil pesos». */

const UNITS = [
  '',
  'uno',
  'dos',
  'tres',
  'cuatro',
  'cinco',
  'seis',
  'siete',
  'ocho',
  'nueve',
  'diez',
  'once',
  'doce',
  'trece',
  'catorce',
  'quince',
  'dieciséis',
  'diecisiete',
  'dieciocho',
  'diecinueve',
  'veinte',
  'veintiuno',
  'veintidós',
  'veintitrés',
  'veinticuatro',
  'veinticinco',
  'veintiséis',
  'veintisiete',
  'veintiocho',
  'veintinueve',
];
const TENS = [
  '',
  '',
  '',
  'treinta',
  'cuarenta',
  'cincuenta',
  'sesenta',
  'setenta',
  'ochenta',
  'noventa',
];
const HUNDREDS = [
  '',
  'ciento',
  'doscientos',
  'trescientos',
  'cuatrocientos',
  'quinientos',
  'seiscientos',
  'setecientos',
  'ochocientos',
  'novecientos',
];

/** 0–999; «uno» stays «uno» here, the caller shortens it before a noun. */
function belowThousand(n: number): string {
  if (n === 100) return 'cien';
  const hundreds = HUNDREDS[Math.floor(n / 100)]!;
  const rest = n % 100;
  const tail =
    rest < 30
      ? UNITS[rest]!
      : `${TENS[Math.floor(rest / 10)]}${rest % 10 ? ` y ${UNITS[rest % 10]}` : ''}`;
  return [hundreds, tail].filter(Boolean).join(' ');
}

/** «uno» → «un» and «veintiuno» → «veintiún» before «mil», «millones» or a noun. */
const apocope = (words: string) => words.replace(/veintiuno$/, 'veintiún').replace(/uno$/, 'un');

/** A whole number from 0 to 999.999.999.999 in words: 1500000 → «un millón quinientos mil». */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n >= 1e12) throw new RangeError(`Fuera de rango: ${n}`);
  if (n === 0) return 'cero';
  const millions = Math.floor(n / 1e6);
  const thousands = Math.floor((n % 1e6) / 1000);
  const units = n % 1000;
  const parts: string[] = [];
  if (millions)
    parts.push(millions === 1 ? 'un millón' : `${apocope(numberInWords(millions))} millones`);
  if (thousands) parts.push(thousands === 1 ? 'mil' : `${apocope(belowThousand(thousands))} mil`);
  if (units) parts.push(belowThousand(units));
  return parts.join(' ');
}

/** «un millón de pesos», «dos mil quinientos pesos», «veintiún pesos». */
export function pesosInWords(amount: number): string {
  const words = apocope(numberInWords(amount));
  const exactMillions = amount >= 1e6 && amount % 1e6 === 0;
  return `${words}${exactMillions ? ' de' : ''} ${amount === 1 ? 'peso' : 'pesos'}`;
}
