/**
 * The order mails through the queue. A placed, paid or moved order enqueues one `order-mails` job
 * in its own transaction (one insert, so a checkout costs no more); the job renders the mails from
 * the order as stored and enqueues each as a `mail` job of its own, so a retry resends only what
 * did not go. Keys make a rerun of the job (after a crash) enqueue nothing twice.
 */
import { eq } from 'drizzle-orm';
import { orderRef, type OrderListener } from '@/lib/orders/events.server';
import { marketingAllowed } from '@/lib/marketing/opt-outs.server';
import { orderMails, statusMail } from '@/lib/orders/mails.server';
import { refundDueMail } from '@/lib/orders/refund-due-mail.server';
import { recoveryMail, recoveryUrl } from '@/lib/orders/recovery-mail.server';
import { retractoMails } from '@/lib/orders/retracto-mails.server';
import type { OrderStatus } from '@/lib/orders/schemas';
import { itemsOf, orderView, type OrderRow, type OrderView } from '@/lib/orders/view.server';
import { shopAtSale, shopCheckout, type ShopCheckout } from '@/lib/shop/shop-checkout.server';
import type { Db } from '@/lib/server/db/handle';
import { orders } from '@/lib/server/db/schema';
import { mailJob } from '@/lib/server/mail/outbox';
import { enqueue, jobsAbout, type NewJob } from '@/lib/server/queue/queue';
import { PermanentJobError, type JobHandler } from '@/lib/server/queue/worker';

/** What the mails tell: the order placed (or paid by Webpay), the status it just reached, or a retracto request. */
type OrderMailEvent =
  | { event: 'placed' }
  | { event: 'status'; status: OrderStatus; note: string | null }
  | { event: 'retracto' }
  | { event: 'refund_due' }
  /** It lapsed unpaid, and its buyer is asked to finish the purchase (`recovery.server.ts`). */
  | { event: 'recover' };

/** The job that renders an order's mails (its other jobs, a tax document's, are not mails). */
const ORDER_MAILS_JOB = 'order-mails';

/** Enqueues the mails of `event` for order `orderId` in `db`'s transaction. */
export function enqueueOrderMails(db: Db, orderId: number, what: OrderMailEvent): Promise<void> {
  const job: NewJob = {
    kind: ORDER_MAILS_JOB,
    payload: { orderId, ...what },
    ref: orderRef(orderId),
  };
  return enqueue(db, job);
}

/** The mails an order's event brings (`events.server.ts`), queued in its transaction. */
export const mailsOn: OrderListener = async (tx, event) => {
  switch (event.type) {
    case 'paid':
      // The confirmation and the seller's notice.
      if (event.mail) await enqueueOrderMails(tx, event.row.id, { event: 'placed' });
      return;
    case 'unpaid':
      // The buyer hears why, or is asked to finish the purchase.
      if (event.mail !== false)
        await enqueueOrderMails(
          tx,
          event.row.id,
          event.mail === 'recover'
            ? { event: 'recover' }
            : { event: 'status', status: event.status, note: null },
        );
      return;
    case 'refund_due':
      await enqueueOrderMails(tx, event.row.id, { event: 'refund_due' });
      return;
    case 'moved':
      await enqueueOrderMails(tx, event.before.id, {
        event: 'status',
        status: event.to,
        note: event.note,
      });
  }
};

/** The `order-mails` job: renders the mails and enqueues each one. */
export const orderMailsJob: JobHandler = async (handle, job) => {
  const { orderId, ...what } = job.payload as { orderId: number } & OrderMailEvent;
  await handle.db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId));
    if (!row) throw new PermanentJobError(`order ${orderId} no longer exists`);
    const current = await shopCheckout(tx, row.sellerId);
    if (!current) throw new PermanentJobError(`the shop of order ${orderId} no longer exists`);
    const shop = shopAtSale(current, row);
    const view = orderView(row, (await itemsOf(tx, [orderId])).get(orderId)!);
    const mails =
      what.event === 'placed'
        ? orderMails(view, shop)
        : what.event === 'retracto'
          ? retractoMails(view, shop)
          : what.event === 'refund_due'
            ? [refundDueMail(view, shop)]
            : what.event === 'recover'
              ? [await recovery(tx, row, view, shop)].flatMap((mail) => (mail ? [mail] : []))
              : [statusMail({ ...view, status: what.status }, shop, what.note)];
    await enqueue(
      tx,
      // No mail to nobody: a counter sale's buyer may have left no address.
      ...mails.flatMap((mail, i) =>
        mail.to
          ? [mailJob(mail, { ref: orderRef(orderId), key: `order-mails:${job.id}:${i}` })]
          : [],
      ),
    );
  });
};

/** The recovery mail, under the consent as it holds now (an opt-out since the order withdraws it). */
async function recovery(tx: Db, row: OrderRow, view: OrderView, shop: ShopCheckout) {
  const consent = await marketingAllowed(tx, row.sellerId, {
    email: row.buyerEmail,
    ticked: row.marketingConsent,
    placedAt: row.createdAt,
  });
  return recoveryMail(view, shop, recoveryUrl(row), row.createdAt, consent);
}

/** One of an order's mails as its seller sees it. */
export interface OrderMailState {
  to: string | null;
  subject: string | null;
  state: 'sent' | 'waiting' | 'failed';
  attempts: number;
  /** When it will be tried again (waiting), or when it was given up (failed). */
  at: Date | null;
}

/**
 * The order's mails: sent, waiting for the mail server (a retry) or failed for good. A rendering
 * job not done yet shows as its mails to come; the order's other jobs (its tax document) are not
 * mails, and a refused boleta has its own line on the page.
 */
export async function orderMailStates(db: Db, orderId: number): Promise<OrderMailState[]> {
  const jobs = await jobsAbout(db, orderRef(orderId));
  return jobs
    .filter((j) => j.kind === 'mail' || (j.kind === ORDER_MAILS_JOB && j.status !== 'done'))
    .map((j) => ({
      to: j.to,
      subject: j.subject,
      state: j.status === 'done' ? 'sent' : j.status === 'failed' ? 'failed' : 'waiting',
      attempts: j.attempts,
      at: j.status === 'failed' ? j.finishedAt : j.status === 'done' ? j.finishedAt : j.runAt,
    }));
}
