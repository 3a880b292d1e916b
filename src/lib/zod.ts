/**
 * zod, as every schema of the app imports it. In the browser its compiled parsers would need
 * `eval`, which the pages' CSP refuses: zod probes for it with `new Function` on the first object
 * it parses, and the browser reports the refused probe as a CSP violation. jitless skips the probe.
 */
import { z } from 'astro/zod';
import { MAX_ID } from '@/lib/ids';

if (typeof window !== 'undefined') z.config({ jitless: true });

export { z };

/**
 * `schema` (a number's) fed from a form's text as well: a string of digits becomes its number;
 * anything else goes to `schema` as it is, so `true`, `null` or `[]` are refused, not read as 1 or 0
 * (what `z.coerce.number` would do).
 */
export function fromDigits<T extends z.ZodType<number>>(schema: T) {
  return z.preprocess(
    (value) =>
      typeof value === 'string' && /^\s*[-+]?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value,
    schema,
  );
}

/** A database id (a positive integer PostgreSQL's `integer` holds), from JSON or a form's text. */
export const idSchema = (message: string) =>
  fromDigits(z.number({ error: message }).int(message).min(1, message).max(MAX_ID, message));
