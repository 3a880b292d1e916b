/**
 * Payment: an order settles once (paid, rejected or lapsed), whichever path gets there first. Webpay's
 * return is committed by the one request that claims the order, however many times the buyer's
 * browser comes back; the sweeper finishes unfinished commits and lapsed holds.
 */
import { and, eq, gt, lt, notInArray, sql } from 'drizzle-orm';
import type { WebpayPayment, WebpayResult } from '@/lib/payments/providers/webpay/webpay.server';
import { sellerWebpay } from '@/lib/payments/providers/webpay/account.server';
import { fallBack } from '@/lib/payments/card-fallback.server';
import { orderHappened, type LapseMail } from '@/lib/orders/events.server';
import { mayRecover } from '@/lib/orders/recovery';
import { recordEvent } from '@/lib/orders/timeline.server';
import type { Db } from '@/lib/server/db/client';
import { orders } from '@/lib/server/db/schema';
import { log } from '@/lib/server/log';

import { releaseStock, stockChanged } from '@/lib/orders/stock.server';
import type { OrderRow } from '@/lib/orders/view.server';
import { type ProviderPayment } from '@/lib/payments/provider';
import { isRedirectProvider } from '@/lib/shop/payment-methods';

/** How long a Webpay order waits for its payment before its stock goes back. */
export const WEBPAY_HOLD_MINUTES = 30;

/**
 * Moves a pending order to its end: paid, rejected or cancelled (the last two give the stock
 * back). Only a pending order still paid the way it was when read (`order`) moves, so a second
 * call, or news of a card try the order has since left, changes nothing; returns the row as it is.
 */
export async function settle(
  db: Db,
  order: Pick<OrderRow, 'id' | 'paymentMethod'>,
  to: {
    status: 'pagado' | 'rechazado' | 'cancelado';
    reason?: string;
    webpay?: WebpayResult;
    /** A redirect provider's answer (`payments/`). */
    payment?: ProviderPayment;
    /**
     * False when the buyer is still on the page and hears it there (default: mailed); `recover`:
     * a lapse whose buyer is asked to finish the purchase instead (`recovery.ts`).
     */
    mail?: LapseMail;
  },
): Promise<{ row: OrderRow; changed: boolean }> {
  const orderId = order.id;
  const outcome = await db.transaction(async (tx) => {
    const back = to.status === 'pagado' ? null : await fallBack(tx, order, to.reason);
    if (back) return { row: back, changed: true, released: [] as number[] };
    const [row] = await tx
      .update(orders)
      .set({
        status: to.status,
        reason: to.reason ?? null,
        ...(to.webpay ? { webpay: to.webpay } : {}),
        ...(to.payment ? { payment: to.payment } : {}),
        ...(to.status === 'pagado' ? { paidAt: sql`now()`, expiresAt: null } : {}),
        webpayState: sql`case when ${orders.webpayState} is null then null else 'done' end`,
        version: sql`${orders.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.status, 'pendiente_pago'),
          eq(orders.paymentMethod, order.paymentMethod),
        ),
      )
      .returning();
    if (!row)
      return {
        row: (await tx.select().from(orders).where(eq(orders.id, orderId)))[0]!,
        changed: false,
        released: [] as number[],
      };
    await recordEvent(tx, orderId, to.status, to.reason ?? null);
    // Paid: its mails and tax document; rejected or lapsed: the buyer hears why (`events.server.ts`).
    await orderHappened(
      tx,
      to.status === 'pagado'
        ? { type: 'paid', row, mail: to.mail !== false }
        : { type: 'unpaid', row, status: to.status, mail: to.mail ?? true },
    );
    const released = to.status === 'pagado' ? [] : await releaseStock(tx, orderId);
    return { row, changed: true, released };
  });
  await stockChanged(outcome.row.sellerId, outcome.released);
  return { row: outcome.row, changed: outcome.changed };
}

/** What a buyer whose card was declined reads (never Webpay's code, which means nothing to them). */
export const PAYMENT_DECLINED =
  'Tu banco no autorizó el pago y no se hizo ningún cargo. Puedes intentarlo de nuevo o elegir otro medio de pago.';

/** Paid, for this order: the provider says so, for exactly its total. */
const paidInFull = (payment: WebpayPayment, row: OrderRow) =>
  payment.state === 'paid' && payment.amount === row.total;

/** The answer of a commit or a status call, applied to its order. */
async function applyWebpay(db: Db, row: OrderRow, payment: WebpayPayment): Promise<OrderRow> {
  if (paidInFull(payment, row))
    return (await settle(db, row, { status: 'pagado', webpay: payment.result })).row;
  if (payment.state === 'pending') return row;
  // Webpay's response code stays in `webpay` for the seller; the buyer reads what to do.
  return (
    await settle(db, row, {
      status: 'rechazado',
      webpay: payment.result,
      reason: PAYMENT_DECLINED,
    })
  ).row;
}

/** What Webpay sent back to `/pay/return` (GET query or POST form). */
export interface WebpayReturn {
  token_ws?: string | null;
  TBK_TOKEN?: string | null;
  TBK_ORDEN_COMPRA?: string | null;
  TBK_ID_SESION?: string | null;
}

export type ReturnOutcome = 'paid' | 'rejected' | 'aborted' | 'timeout' | 'pending' | 'unknown';

const outcomeOf = (row: OrderRow): ReturnOutcome =>
  row.status === 'pendiente_pago'
    ? 'pending'
    : row.status === 'rechazado' || row.status === 'cancelado'
      ? 'rejected'
      : 'paid';

/**
 * Webpay's return: commits the transaction once. A reload, a second tab or the same token sent
 * again finds the order settled, or being committed by another request, and commits nothing.
 * The buyer's "Anular" (`TBK_TOKEN`) and Webpay's timeout (`TBK_ORDEN_COMPRA` alone) reject the
 * order without a commit.
 */
export async function webpayReturn(
  db: Db,
  params: WebpayReturn,
): Promise<{ outcome: ReturnOutcome; row: OrderRow | null }> {
  const find = async (where: ReturnType<typeof eq>) =>
    (
      await db
        .select()
        .from(orders)
        .where(and(where, eq(orders.paymentMethod, 'webpay')))
    )[0] ?? null;
  if (params.TBK_TOKEN) {
    const row = await find(eq(orders.webpayToken, params.TBK_TOKEN));
    if (!row) return { outcome: 'unknown', row: null };
    if (row.status !== 'pendiente_pago') return { outcome: outcomeOf(row), row };
    const settled = await settle(db, row, {
      // The buyer's own choice, not a refusal: the order is cancelled, and they read it on the
      // page they come back to, not in a mail.
      status: 'cancelado',
      reason: 'Anulaste el pago en Webpay. No se hizo ningún cargo.',
      mail: false,
    });
    return { outcome: settled.changed ? 'aborted' : outcomeOf(settled.row), row: settled.row };
  }
  if (params.token_ws) {
    const row = await find(eq(orders.webpayToken, params.token_ws));
    if (!row) return { outcome: 'unknown', row };
    if (row.status !== 'pendiente_pago') return { outcome: outcomeOf(row), row };
    const [claimed] = await db
      .update(orders)
      .set({ webpayState: 'committing', updatedAt: sql`now()` })
      .where(and(eq(orders.id, row.id), eq(orders.webpayState, 'created')))
      .returning();
    if (!claimed) {
      const settled = await waitSettled(db, row.id);
      return { outcome: outcomeOf(settled), row: settled };
    }
    const settled = await commitOrReconcile(db, claimed);
    return { outcome: outcomeOf(settled), row: settled };
  }
  if (params.TBK_ORDEN_COMPRA && params.TBK_ID_SESION) {
    // The buy order starts with the order's number without its dash (a later try adds `-N`).
    const number =
      params.TBK_ORDEN_COMPRA.length >= 8
        ? `${params.TBK_ORDEN_COMPRA.slice(0, 4)}-${params.TBK_ORDEN_COMPRA.slice(4, 8)}`
        : '';
    const row = number ? await find(eq(orders.number, number)) : null;
    if (!row || `o${row.id}` !== params.TBK_ID_SESION) return { outcome: 'unknown', row: null };
    if (row.status !== 'pendiente_pago' || row.webpayState !== 'created')
      return { outcome: outcomeOf(row), row };
    const settled = await settle(db, row, {
      status: 'rechazado',
      reason: 'Se acabó el tiempo para pagar en Webpay. No se hizo ningún cargo.',
    });
    return { outcome: settled.changed ? 'timeout' : outcomeOf(settled.row), row: settled.row };
  }
  return { outcome: 'unknown', row: null };
}

/** Another request is committing this order: wait a few seconds for it to finish. */
async function waitSettled(db: Db, orderId: number): Promise<OrderRow> {
  for (let i = 0; ; i++) {
    const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (row!.status !== 'pendiente_pago' || row!.webpayState !== 'committing' || i >= 40)
      return row!;
    await new Promise((r) => setTimeout(r, 150));
  }
}

/**
 * Commits a claimed order; when the commit fails (Webpay already committed it, the network
 * dropped) asks Webpay for the transaction's status instead. Still unknown: the order stays
 * claimed for the next reconciliation.
 */
async function commitOrReconcile(db: Db, row: OrderRow): Promise<OrderRow> {
  const client = await sellerWebpay(db, row.sellerId);
  if (!client) {
    // The seller disconnected Webpay meanwhile: the order waits, claimed, for them to reconnect.
    log.warn('webpay order of a store without an account', { order: row.id });
    return row;
  }
  try {
    return await applyWebpay(db, row, await client.commit(row.webpayToken!));
  } catch (error) {
    log.warn('webpay commit failed, asking status', {
      order: row.id,
      error: error instanceof Error ? error.message : String(error),
    });
    try {
      return await applyWebpay(db, row, await client.status(row.webpayToken!, row.number));
    } catch (statusError) {
      log.error('webpay status failed', {
        order: row.id,
        error: statusError instanceof Error ? statusError.message : String(statusError),
      });
      return row;
    }
  }
}

/**
 * Housekeeping, at start and every minute: Webpay orders whose commit never finished (the app
 * stopped mid-way) are committed or settled from their status; unpaid orders past their time
 * give their stock back (a Webpay one only once Webpay confirms it was not paid).
 */
/**
 * Whether the buyer of an unpaid order has since ordered again at the same shop (paid, or on its
 * way to): then its lapse is no news to them, and no mail says «cancelado» about the first try.
 */
export async function boughtSince(db: Db, row: OrderRow): Promise<boolean> {
  const [later] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.sellerId, row.sellerId),
        sql`lower(${orders.buyerEmail}) = lower(${row.buyerEmail})`,
        // Placed after it (ids grow; a timestamp read back loses PostgreSQL's microseconds).
        gt(orders.id, row.id),
        notInArray(orders.status, ['rechazado', 'cancelado']),
      ),
    )
    .limit(1);
  return later !== undefined;
}

/**
 * The mail of an order that lapsed unpaid: none when its buyer has ordered again since; the
 * invitation to finish the purchase when `mayRecover` allows it; the plain notice otherwise.
 */
export async function lapseMail(db: Db, row: OrderRow): Promise<LapseMail> {
  if (await boughtSince(db, row)) return false;
  return mayRecover(row) ? 'recover' : true;
}

export async function sweepOrders(db: Db): Promise<{ reconciled: number; lapsed: number }> {
  let reconciled = 0;
  let lapsed = 0;
  const stuck = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, 'pendiente_pago'),
        eq(orders.webpayState, 'committing'),
        lt(orders.updatedAt, sql`now() - interval '30 seconds'`),
      ),
    );
  for (const row of stuck)
    if ((await commitOrReconcile(db, row)).status !== 'pendiente_pago') reconciled++;
  const due = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, 'pendiente_pago'),
        eq(orders.stockHeld, true),
        lt(orders.expiresAt, sql`now()`),
      ),
    );
  for (const row of due) {
    // A redirect provider's orders are asked of it (`providers/reconcile.server.ts`).
    if (isRedirectProvider(row.paymentMethod)) continue;
    if (row.paymentMethod === 'webpay') {
      const client = row.webpayToken ? await sellerWebpay(db, row.sellerId) : null;
      if (!client || !row.webpayToken) {
        if (
          (
            await settle(db, row, {
              status: 'rechazado',
              reason: 'Se acabó el tiempo para pagar en Webpay. No se hizo ningún cargo.',
              mail: await lapseMail(db, row),
            })
          ).changed
        )
          lapsed++;
        continue;
      }
      try {
        const payment = await client.status(row.webpayToken, row.number);
        if (paidInFull(payment, row))
          await settle(db, row, { status: 'pagado', webpay: payment.result });
        else if (
          (
            await settle(db, row, {
              status: 'rechazado',
              webpay: payment.result,
              reason: 'Se acabó el tiempo para pagar en Webpay. No se hizo ningún cargo.',
              mail: await lapseMail(db, row),
            })
          ).changed
        )
          lapsed++;
      } catch (error) {
        log.warn('webpay status failed while sweeping', {
          order: row.id,
          error: error instanceof Error ? error.message : String(error),
        });
      }
      continue;
    }
    if (
      (
        await settle(db, row, {
          status: 'cancelado',
          reason: 'No se recibió el pago a tiempo.',
          mail: await lapseMail(db, row),
        })
      ).changed
    )
      lapsed++;
  }
  return { reconciled, lapsed };
}

/** Webpay's form and token of a Webpay order still waiting for its payment; null otherwise. */
export function webpayFormFor(row: OrderRow): { url: string; token: string } | null {
  if (
    row.status !== 'pendiente_pago' ||
    row.webpayState !== 'created' ||
    !row.webpayToken ||
    !row.webpayUrl
  )
    return null;
  return { url: row.webpayUrl, token: row.webpayToken };
}

// ——— The seller's side ———
