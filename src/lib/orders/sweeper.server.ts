/**
 * Runs `sweepOrders` once the server listens and then every minute: Webpay commits the app never
 * finished are reconciled on the next start, and lapsed unpaid orders give their stock back.
 * `scripts/serve.mjs` starts it through a global (it cannot import the app's aliased modules).
 */
import { sweepOrders } from '@/lib/orders/orders.server';
import { getDb } from '@/lib/server/db/client';
import { log } from '@/lib/server/log';

export const ORDER_SWEEPER = Symbol.for('impulsa.order-sweeper');
const EVERY_MS = 60_000;

async function runOnce(): Promise<void> {
  try {
    const { reconciled, lapsed } = await sweepOrders(await getDb());
    if (reconciled || lapsed) log.info('orders swept', { reconciled, lapsed });
  } catch (error) {
    log.warn('order sweep failed', { error: error instanceof Error ? error.message : String(error) });
  }
}

/** Starts the sweeper (once per process); the timer never keeps the process alive. */
export function startOrderSweeper(): void {
  const state = globalThis as unknown as Record<symbol, NodeJS.Timeout | undefined>;
  if (state[ORDER_SWEEPER]) return;
  void runOnce();
  state[ORDER_SWEEPER] = setInterval(runOnce, EVERY_MS).unref();
}

(globalThis as unknown as Record<symbol, unknown>)[Symbol.for('impulsa.start-jobs')] = startOrderSweeper;
