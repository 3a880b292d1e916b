/**
 * A redirect provider's word on an order, applied once. The provider's notification and the
 * buyer's return only name a payment; what it says is always asked of the provider (`status`),
 * and it must name this order and its exact total. A second notification finds nothing to change;
 * a payment for an order that lapsed takes its stock back, or marks it for a refund.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { PAYMENT_DECLINED, settle } from '@/lib/payments/settle.server';
import { orderHappened, type LapseMail } from '@/lib/orders/events.server';
import { sellerProvider } from '@/lib/payments/accounts.server';
import {
  numberOfReference,
  orderReference,
  PROVIDER_NAMES,
  type ProviderPayment,
} from '@/lib/payments/provider';
import { isRedirectProvider, type RedirectProvider } from '@/lib/shop/payment-methods';
import { HAND_PAID_METHODS } from '@/lib/shop/payment-methods';
import { retakeStock, stockChanged } from '@/lib/orders/stock.server';
import { recordEvent } from '@/lib/orders/timeline.server';
import type { OrderRow } from '@/lib/orders/view.server';
import type { Db } from '@/lib/server/db/client';
import { orderItems, orders } from '@/lib/server/db/schema';
import { enqueueUnlessWaiting } from '@/lib/server/queue/queue';
import type { JobHandler } from '@/lib/server/queue/worker';
import { log } from '@/lib/server/log';

/** The job that asks the provider after its notification (so the notification is answered at once). */
export const PAYMENT_CONFIRM_JOB = 'payment-confirm';

/** Enqueues the provider's confirmation of `row`; a burst of notifications asks once. */
export function enqueueConfirmation(db: Db, row: OrderRow): Promise<void> {
  return enqueueUnlessWaiting(db, {
    kind: PAYMENT_CONFIRM_JOB,
    payload: { orderId: row.id },
    ref: `payment:order:${row.id}`,
  });
}

/** The job that reads one payment a provider's notification names (Mercado Pago: by its own id). */
export const PAYMENT_NOTICE_JOB = 'payment-notice';

/** Enqueues the reading of payment `paymentId` of a shop; a burst of webhooks reads it once. */
export function enqueueNotice(
  db: Db,
  provider: RedirectProvider,
  sellerId: number,
  paymentId: string,
): Promise<void> {
  return enqueueUnlessWaiting(db, {
    kind: PAYMENT_NOTICE_JOB,
    payload: { provider, sellerId, paymentId },
    ref: `payment:${provider}:${sellerId}:${paymentId}`,
  });
}

/**
 * The `payment-notice` job: the payment is asked of the provider, and applied to the order whose
 * number it carries, in that shop, paid with that provider; any other names nothing.
 */
export const paymentNoticeJob: JobHandler = async (handle, job) => {
  const { provider, sellerId, paymentId } = job.payload as {
    provider: RedirectProvider;
    sellerId: number;
    paymentId: string;
  };
  const client = await sellerProvider(handle.db, sellerId, provider);
  if (!client?.payment) return {};
  const payment = await client.payment(paymentId);
  const [row] = await handle.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.sellerId, sellerId),
        eq(orders.paymentMethod, provider),
        eq(orders.number, numberOfReference(payment.reference)),
      ),
    );
  if (row) await applyPayment(handle.db, row, payment);
  return {};
};

/**
 * The order a provider's reference names, for that provider only (or an order whose try there
 * fell back to a transfer or a chat, `card-fallback.server.ts`); null for any other.
 */
export async function orderByReference(
  db: Db,
  provider: RedirectProvider,
  ref: string,
): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        inArray(orders.paymentMethod, [provider, ...HAND_PAID_METHODS]),
        eq(orders.paymentRef, ref),
      ),
    );
  return row ?? null;
}

/**
 * Asks the provider where the order's payment stands and applies it. `lapsed`: its time is over,
 * so a payment still pending there is given up. Throws when the provider does not answer.
 */
export async function confirmRow(
  db: Db,
  row: OrderRow,
  options: { lapsed?: boolean; mail?: LapseMail } = {},
): Promise<OrderRow> {
  if (!isRedirectProvider(row.paymentMethod) || !row.paymentRef || row.paidAt) return row;
  const client = await sellerProvider(db, row.sellerId, row.paymentMethod);
  if (!client) {
    // The seller disconnected the provider meanwhile: the order waits for them to reconnect.
    log.warn('provider order of a store without an account', { order: row.id });
    return row;
  }
  return applyPayment(db, row, await client.status(row.paymentRef, orderReference(row)), options);
}

/** The `payment-confirm` job: a provider that does not answer is asked again later. */
export const paymentConfirmJob: JobHandler = async (handle, job) => {
  const [row] = await handle.db
    .select()
    .from(orders)
    .where(eq(orders.id, Number(job.payload.orderId)));
  if (row) await confirmRow(handle.db, row);
  return {};
};

export async function applyPayment(
  db: Db,
  row: OrderRow,
  payment: ProviderPayment,
  { lapsed = false, mail }: { lapsed?: boolean; mail?: LapseMail } = {},
): Promise<OrderRow> {
  // Never the wrong order: the answer must be about this one.
  if (payment.reference !== orderReference(row)) {
    log.error('provider payment names another order', { order: row.id });
    return row;
  }
  const name = PROVIDER_NAMES[row.paymentMethod as RedirectProvider];
  switch (payment.state) {
    case 'paid':
      if (payment.amount !== row.total) {
        log.error('provider payment of another amount', { order: row.id });
        return row;
      }
      if (row.status === 'pendiente_pago')
        return (await settle(db, row, { status: 'pagado', payment })).row;
      return row.paidAt ? row : paidAfterLapse(db, row, payment);
    case 'pending':
      if (!lapsed) return row;
      return (
        await settle(db, row, {
          status: 'rechazado',
          reason: `Se acabó el tiempo para pagar con ${name}. No se hizo ningún cargo.`,
          payment,
          mail,
        })
      ).row;
    case 'rejected':
      return (
        await settle(db, row, { status: 'rechazado', reason: PAYMENT_DECLINED, payment, mail })
      ).row;
    case 'cancelled':
      return (
        await settle(db, row, {
          status: 'cancelado',
          reason: `Anulaste el pago en ${name}. No se hizo ningún cargo.`,
          payment,
          // The buyer's own choice: they read it on the page they come back to.
          mail: false,
        })
      ).row;
  }
}

class NoStock extends Error {}

/**
 * A payment that arrived after the order lapsed: the order takes its stock again if there is
 * enough and goes on as paid; otherwise it stays as it was, marked for a refund, and the seller
 * is told. Either way in one transaction with its mails.
 */
async function paidAfterLapse(db: Db, row: OrderRow, payment: ProviderPayment): Promise<OrderRow> {
  const outcome = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, row.id)).for('update');
    if (!locked || locked.paidAt || locked.refundDue) return { row: locked ?? row, taken: false };
    const taken = await tx
      .transaction(async (savepoint) => {
        if (!(await retakeStock(savepoint, row.id))) throw new NoStock();
      })
      .then(
        () => true,
        (error: unknown) => {
          if (error instanceof NoStock) return false;
          throw error;
        },
      );
    const [saved] = await tx
      .update(orders)
      .set({
        payment,
        ...(taken
          ? { status: 'pagado', paidAt: sql`now()`, expiresAt: null, reason: null }
          : {
              refundDue: true,
              // The lapse said nothing was charged: no longer true, and the receipt says so.
              reason:
                `Tu pago con ${PROVIDER_NAMES[row.paymentMethod as RedirectProvider]} llegó después ` +
                'del plazo y ya no quedaban productos: la tienda te devolverá lo que pagaste.',
            }),
        version: sql`${orders.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, row.id))
      .returning();
    if (taken) {
      await recordEvent(tx, row.id, 'pagado', 'El pago llegó después del plazo y había stock.');
      await orderHappened(tx, { type: 'paid', row: saved!, mail: true });
    } else {
      await recordEvent(
        tx,
        row.id,
        locked.status as 'rechazado' | 'cancelado',
        'El pago llegó después del plazo y ya no había stock: hay que devolverlo.',
      );
      await orderHappened(tx, { type: 'refund_due', row: saved! });
    }
    return { row: saved!, taken };
  });
  if (outcome.taken) {
    const lines = await db
      .select({ product: orderItems.productId })
      .from(orderItems)
      .where(eq(orderItems.orderId, row.id));
    await stockChanged(
      row.sellerId,
      lines.flatMap((l) => (l.product === null ? [] : [l.product])),
    );
  }
  return outcome.row;
}
