/** A scalar of Mercado Libre's JSON as text; anything else is ''. Its ids come as numbers or text. */
export const scalar = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
