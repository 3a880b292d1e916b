/**
 * A paid order the seller cancels gives its money back through the provider that took it. The
 * cancel is decided first, in its own transaction, which enqueues one `refund` job keyed by the
 * order: two cancels at once, a retry after a crash or a lost answer all reach the provider as the
 * same refund (Flow's `refundCommerceOrder`, Mercado Pago's `X-Idempotency-Key`, Webpay asked
 * first whether the transaction is already reversed). A refund the provider refuses leaves the
 * order cancelled with `refund_due`, and the seller is told to give the money back by hand.
 */
import { eq, sql } from 'drizzle-orm';
import { sellerProvider } from '@/lib/payments/accounts.server';
import {
  orderReference,
  ProviderAccountRejected,
  ProviderError,
  type PaymentProvider,
} from '@/lib/payments/provider';
import { isRedirectProvider, type RedirectProvider } from '@/lib/shop/payment-methods';
import { orderHappened, orderRef, type OrderListener } from '@/lib/orders/events.server';
import { PAYMENT_NAMES, type PaymentMethod } from '@/lib/shop/payment-methods';
import { recordEvent } from '@/lib/orders/timeline.server';
import { PROVIDER_PATHS } from '@/lib/orders/urls';
import type { OrderRow } from '@/lib/orders/view.server';
import { sellerWebpay } from '@/lib/payments/providers/webpay/account.server';
import { jobSettings, siteUrl } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/client';
import type { Tx } from '@/lib/server/db/versioned';
import { orders } from '@/lib/server/db/schema';
import { log } from '@/lib/server/log';
import { givesUp } from '@/lib/server/queue/backoff';
import { enqueue } from '@/lib/server/queue/queue';
import { PermanentJobError, type JobHandler } from '@/lib/server/queue/worker';

export const REFUND_JOB = 'refund';

/** The provider's word on a refund, kept on the order beside the payment it gives back. */
export interface RefundRecord {
  ref: string;
  /** The provider's state (`created`, `refunded`, `approved`, `REVERSED`…), or `refused`. */
  state: string;
}

/** Whether a cancelled order of this kind has money to give back through its provider. */
export function refundable(row: OrderRow): boolean {
  if (!row.paidAt || row.refundDue) return false;
  if (row.paymentMethod === 'webpay') return Boolean(row.webpayToken);
  return isRedirectProvider(row.paymentMethod) && Boolean(row.paymentRef);
}

/** A paid order the seller cancels: its one refund, queued in the cancel's transaction. */
export const refundsOn: OrderListener = async (tx, event) => {
  if (event.type === 'moved' && event.to === 'cancelado' && refundable(event.before))
    await enqueueRefund(tx, event.before.id);
};

/**
 * Enqueues the order's one refund in the transaction that cancels it: its key is the order's, so a
 * second cancel, a replayed request or a retry never asks for a second refund.
 */
export async function enqueueRefund(tx: Db | Tx, orderId: number): Promise<void> {
  await enqueue(tx, {
    kind: REFUND_JOB,
    payload: { orderId },
    key: `refund:order:${orderId}`,
    ref: orderRef(orderId),
  });
}

/** The order's payment record with `refund` set beside what it says of the payment. */
const paymentWithRefund = (refund: RefundRecord) =>
  sql`coalesce(${orders.payment}, '{}'::jsonb) || ${JSON.stringify({ refund })}::jsonb`;

/** Keeps the provider's word on a refund beside the payment it gives back. */
async function keepRefund(db: Db | Tx, orderId: number, refund: RefundRecord) {
  await db
    .update(orders)
    .set({ payment: paymentWithRefund(refund) })
    .where(eq(orders.id, orderId));
}

/** A refund kept on the order, if one was asked for and answered. */
export const refundOf = (row: Pick<OrderRow, 'payment'>): RefundRecord | null =>
  (row.payment as { refund?: RefundRecord } | null)?.refund ?? null;

/** The provider won't give the money back (refused, or no longer connected): a refusal, not an outage. */
function refusal(error: unknown): boolean {
  if (error instanceof ProviderAccountRejected) return true;
  if (error instanceof ProviderError) return error.status < 500;
  // Transbank's SDK throws axios's «Request failed with status code 422».
  return /status code 4\d\d\b/.test(error instanceof Error ? error.message : '');
}

async function clientOf(db: Db, row: OrderRow): Promise<PaymentProvider | null> {
  if (row.paymentMethod === 'webpay') return sellerWebpay(db, row.sellerId);
  return isRedirectProvider(row.paymentMethod)
    ? sellerProvider(db, row.sellerId, row.paymentMethod)
    : null;
}

/**
 * The refund could not be made: the order stays cancelled, marked `refund_due`, and the seller is
 * told to give the money back from her own account. Once: the row's flag is the claim.
 */
async function refundRefused(db: Db, row: OrderRow, why: string): Promise<void> {
  const name = PAYMENT_NAMES[row.paymentMethod as PaymentMethod];
  await db.transaction(async (tx) => {
    const [marked] = await tx
      .update(orders)
      .set({
        refundDue: true,
        reason: `La tienda canceló la orden y te devolverá el pago directamente (${name} no aceptó el reembolso).`,
        payment: paymentWithRefund({ ref: '', state: 'refused' }),
        version: sql`${orders.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(sql`${orders.id} = ${row.id} and not ${orders.refundDue}`)
      .returning({ id: orders.id });
    if (!marked) return;
    await recordEvent(tx, row.id, 'cancelado', `${name} no aceptó el reembolso: ${why}`);
    await orderHappened(tx, { type: 'refund_due', row });
  });
}

/** The `refund` job: asks the order's provider for its one refund and keeps its answer. */
export const refundJob: JobHandler = async (handle, job) => {
  const orderId = Number(job.payload.orderId);
  const db = handle.db;
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw new PermanentJobError(`order ${orderId} no longer exists`);
  // Already answered (a rerun after a crash between the call and its record is asked again below).
  if (row.refundDue || refundOf(row)) return {};
  const client = await clientOf(db, row);
  if (!client) {
    await refundRefused(db, row, 'la tienda ya no tiene su cuenta conectada.');
    return {};
  }
  try {
    const refund = await client.refund({
      ref: (row.paymentMethod === 'webpay' ? row.webpayToken : row.paymentRef)!,
      reference: orderReference(row),
      amount: row.total,
      email: row.buyerEmail,
      callbackUrl: isRedirectProvider(row.paymentMethod)
        ? siteUrl().origin + PROVIDER_PATHS.refund(row.paymentMethod)
        : '',
    });
    await keepRefund(db, orderId, refund);
    return { refund: refund.state };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (refusal(error) || givesUp(jobSettings(), job.createdAt, new Date())) {
      log.warn('refund refused', { order: orderId, provider: row.paymentMethod, error: message });
      await refundRefused(db, row, 'devuélvelo desde tu cuenta.');
      return {};
    }
    throw error;
  }
};

/**
 * The provider's callback about a refund: where it stands is asked of the provider and kept on
 * the order. False when no order of that provider has a refund with this reference.
 */
export async function recordRefundStatus(
  db: Db,
  provider: RedirectProvider,
  ref: string,
): Promise<boolean> {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      sql`${orders.paymentMethod} = ${provider} and ${orders.payment} -> 'refund' ->> 'ref' = ${ref}`,
    );
  if (!row) return false;
  const client = await sellerProvider(db, row.sellerId, provider);
  if (!client?.refundStatus) return true;
  let refund: RefundRecord;
  try {
    refund = await client.refundStatus(ref);
  } catch (error) {
    log.warn('provider refund status failed', {
      provider,
      order: row.id,
      error: error instanceof Error ? error.message : String(error),
    });
    return true;
  }
  await keepRefund(db, row.id, refund);
  return true;
}
