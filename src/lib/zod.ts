/**
 * zod, as every schema of the app imports it. In the browser its compiled parsers would need
 * `eval`, which the pages' CSP refuses: zod probes for it with `new Function` on the first object
 * it parses, and the browser reports the refused probe as a CSP violation. jitless skips the probe.
 */
import { z } from 'astro/zod';

if (typeof window !== 'undefined') z.config({ jitless: true });

export { z };
