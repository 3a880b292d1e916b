/**
 * Runs `sweepOrders` seconds after the server listens and then every minute: Webpay commits the app never
 * finished are reconciled on the next start, and lapsed unpaid orders give their stock back.
 * Registered as a job (`server/jobs.ts`) when the middleware imports this file, which
 * `scripts/serve.mjs` makes happen at start.
 *
 * The orders service is imported when a sweep runs, not with this file: statically it would put
 * Webpay's SDK, sharp and sanitize-html on the middleware's path, that is on every first request.
 */
import { getDb } from '@/lib/server/db/client';
import { registerJob } from '@/lib/server/jobs';
import { log } from '@/lib/server/log';

const EVERY_MS = 60_000;
/**
 * The first sweep waits this long after the server listens: its imports (Webpay's SDK, sharp,
 * sanitize-html) and statements would otherwise share the main thread with the first requests.
 */
const FIRST_AFTER_MS = 3_000;

async function runOnce(): Promise<void> {
  try {
    const { sweepOrders } = await import('@/lib/orders/payment.server');
    const { reconciled, lapsed } = await sweepOrders(await getDb());
    if (reconciled || lapsed) log.info('orders swept', { reconciled, lapsed });
  } catch (error) {
    log.warn('order sweep failed', {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

registerJob('order-sweeper', () => {
  // The timers never keep the process alive.
  setTimeout(runOnce, FIRST_AFTER_MS).unref();
  setInterval(runOnce, EVERY_MS).unref();
});
