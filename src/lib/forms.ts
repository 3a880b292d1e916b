import type { z } from '@/lib/zod';

/** A form the server refused (posted before hydration or without JavaScript), as its page hands it to the island. */
export interface FormFailure {
  status: number;
  message: string;
  /** First message per field. */
  errors: Record<string, string>;
}

/** Field → first message of a zod error, for inline form errors. */
export function firstErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    out[key] ??= issue.message;
  }
  return out;
}
