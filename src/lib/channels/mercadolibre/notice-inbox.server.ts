/**
 * Mercado Libre's notices come in bursts (a sale sends several, retries pile up) and each must be
 * answered within 500 ms, after it is safely queued. So notices that arrive together are written
 * together: the first waits `GATHER_MS` for the others, and one statement queues
 * them all (`enqueueUnlessWaiting`); each answer goes once its batch is committed. Notices arriving
 * while a batch is written form the next one.
 */
import { importJob } from '@/lib/channels/mercadolibre/order-import.server';
import type { Db } from '@/lib/server/db/client';
import { enqueueUnlessWaiting } from '@/lib/server/queue/queue';

/**
 * How long the first notice of a burst waits for the others: one commit for many costs less than
 * the wait (PGlite writes each commit to disk on the main thread).
 */
const GATHER_MS = 20;

interface Waiting {
  userId: string;
  orderId: string;
  done: (error?: Error) => void;
}

let waiting: Waiting[] = [];
let writing: Promise<void> | null = null;

/** Resolves once the read of order `orderId` is queued (or was already waiting). */
export function acceptOrderNotice(db: Db, userId: string, orderId: string): Promise<void> {
  return new Promise((resolve, reject) => {
    waiting.push({ userId, orderId, done: (error) => (error ? reject(error) : resolve()) });
    if (!writing) writing = new Promise((r) => setTimeout(r, GATHER_MS)).then(() => write(db));
  });
}

async function write(db: Db): Promise<void> {
  while (waiting.length) {
    const batch = waiting;
    waiting = [];
    try {
      await enqueueUnlessWaiting(db, ...batch.map((n) => importJob(n.userId, n.orderId)));
      for (const notice of batch) notice.done();
    } catch (error) {
      const failed = error instanceof Error ? error : new Error(String(error));
      for (const notice of batch) notice.done(failed);
    }
  }
  writing = null;
}
