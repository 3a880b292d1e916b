/**
 * THE list of job kinds the queue runs (`server/queue/`), each handler imported when its first
 * job runs: the middleware imports this file at start, and Webpay's SDK, sharp or nodemailer
 * must not ride along. Also starts the worker once the server listens, with the recurring jobs.
 * The visit counts are not here: they live in each process's memory, so each flushes its own
 * (`figures/visit-buffer.server.ts`).
 */
// What an order's moves cause in each feature, installed before any job or request runs.
import '@/lib/order-effects.server';
import { jobSettings } from '@/lib/server/config';
import { getDatabase } from '@/lib/server/db/client';
import type { DbHandle } from '@/lib/server/db/handle';
import { registerJob } from '@/lib/server/jobs';
import { log } from '@/lib/server/log';
import { deliverMail, MAIL_JOB } from '@/lib/server/mail/outbox';
import { purgeFormKeys } from '@/lib/server/http/once';
import { enqueue, purgeDone } from '@/lib/server/queue/queue';
import { JobWorker, type JobHandler } from '@/lib/server/queue/worker';

/** Done jobs are forgotten after this many days (a failed one stays until retried). */
const KEEP_DONE_DAYS = 30;

const HANDLERS: Record<string, () => JobHandler | Promise<JobHandler>> = {
  [MAIL_JOB]: () => (_handle, job) => deliverMail(job),
  'order-mails': async () => (await import('@/lib/orders/order-mails.server')).orderMailsJob,
  'tax-document': async () => (await import('@/lib/invoicing/emit.server')).taxDocumentJob,
  'credit-note': async () => (await import('@/lib/invoicing/emit.server')).creditNoteJob,
  'payment-confirm': async () => (await import('@/lib/payments/confirm.server')).paymentConfirmJob,
  refund: async () => (await import('@/lib/payments/refund.server')).refundJob,
  'payment-notice': async () => (await import('@/lib/payments/confirm.server')).paymentNoticeJob,
  'shipment-create': async () =>
    (await import('@/lib/shipping/shipment-jobs.server')).shipmentCreateJob,
  'shipment-track': async () =>
    (await import('@/lib/shipping/shipment-jobs.server')).shipmentTrackJob,
  'shipment-notice': async () =>
    (await import('@/lib/shipping/shipment-jobs.server')).shipmentNoticeJob,
  'shipments-sweep': () => async (handle) => {
    const { sweepShipments } = await import('@/lib/shipping/shipment-jobs.server');
    return { due: await sweepShipments(handle.db) };
  },
  'channel-stock-push': async () =>
    (await import('@/lib/channels/mercadolibre/stock-push.server')).channelStockPushJob,
  'channel-order-import': async () =>
    (await import('@/lib/channels/mercadolibre/order-import.server')).channelOrderImportJob,
  'channel-document-upload': async () =>
    (await import('@/lib/channels/mercadolibre/fiscal-upload.server')).channelDocumentUploadJob,
  'channel-orders-sweep': () => async (handle) => {
    const { reconcileMercadoLibre } = await import('@/lib/channels/mercadolibre/reconcile.server');
    return { queued: await reconcileMercadoLibre(handle.db) };
  },
  'password-reset': async () =>
    (await import('@/lib/accounts/password-reset.server')).passwordResetJob,
  'device-unlock': async () => (await import('@/lib/accounts/devices.server')).deviceUnlockJob,
  'orders-sweep': () => async (handle) => {
    const { sweepOrders } = await import('@/lib/payments/settle.server');
    const { reconcileProviderOrders } = await import('@/lib/payments/reconcile.server');
    const { reconciled, lapsed } = await sweepOrders(handle.db);
    const providers = await reconcileProviderOrders(handle.db);
    if (reconciled || lapsed || providers.settled)
      log.info('orders swept', { reconciled, lapsed, providers: providers.settled });
    return {};
  },
  'jobs-purge': () => async (handle) => {
    await purgeFormKeys(handle.db);
    const purged = await purgeDone(handle.db, KEEP_DONE_DAYS);
    if (purged) log.info('done jobs purged', { purged });
    return {};
  },
};

/** The handler of `kind`, loaded once. */
const loaded = new Map<string, Promise<JobHandler>>();
function handlerOf(kind: string): Promise<JobHandler | undefined> {
  const load = HANDLERS[kind];
  if (!load) return Promise.resolve(undefined);
  let handler = loaded.get(kind);
  if (!handler) loaded.set(kind, (handler = Promise.resolve(load())));
  return handler;
}

/**
 * The recurring jobs, one row each however many instances start: the sweep waits a few seconds
 * after the first start, so its imports do not share the main thread with the first requests.
 */
/** The kinds that run on a period rather than once. */
export const RECURRING_KINDS = [
  'orders-sweep',
  'shipments-sweep',
  'channel-orders-sweep',
  'jobs-purge',
] as const;

function recurring(sweepSeconds: number) {
  const soon = new Date(Date.now() + 3000);
  return [
    { kind: 'orders-sweep', key: 'recurring:orders-sweep', repeatSeconds: sweepSeconds },
    { kind: 'shipments-sweep', key: 'recurring:shipments-sweep', repeatSeconds: 15 * 60 },
    {
      kind: 'channel-orders-sweep',
      key: 'recurring:channel-orders-sweep',
      repeatSeconds: 10 * 60,
    },
    { kind: 'jobs-purge', key: 'recurring:jobs-purge', repeatSeconds: 6 * 3600 },
  ].map((job) => ({ ...job, payload: {}, runAt: soon }));
}

let worker: JobWorker | undefined;

/** Starts the worker; a database away at start is asked again every few seconds. */
async function startWorker(): Promise<void> {
  const settings = jobSettings();
  for (let delay = 1000; ; delay = Math.min(delay * 2, 30_000)) {
    try {
      const handle = await getDatabase();
      await enqueue(handle.unbounded, ...recurring(settings.sweepSeconds));
      worker = new JobWorker(handle, handlerOf, settings);
      await worker.start();
      return;
    } catch (error) {
      log.warn('job worker not started yet', { error, retryInMs: delay });
      await new Promise((resolve) => setTimeout(resolve, delay).unref());
    }
  }
}

registerJob('job-worker', () => void startWorker());

/** Runs every due job in this process now (tests: the queue's effects without a worker). */
export function runDueJobs(handle: DbHandle): Promise<number> {
  return new JobWorker(handle, handlerOf, jobSettings()).drain();
}

/** Stops claiming and waits for the jobs in flight (shutdown). */
export async function stopJobWorker(): Promise<void> {
  await worker?.stop();
}
