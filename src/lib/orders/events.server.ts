/**
 * What an order's moves cause in the features above the order book: its mails, its tax document,
 * its refund (later its shipment, a channel's stock). Payments and the order book only say what
 * happened, inside the transaction that decided it; the listeners, installed once by the
 * composition root (`src/lib/order-effects.server.ts`), queue what follows in that same
 * transaction, so it happens with the move or not at all.
 */
import type { OrderStatus } from '@/lib/orders/schemas';
import type { OrderRow } from '@/lib/orders/view.server';
import type { Db } from '@/lib/server/db/client';
import type { Tx } from '@/lib/server/db/versioned';

/**
 * Whether an unpaid end is mailed: false when the buyer is still on the page and hears it there;
 * `recover`: a lapse whose buyer is asked to finish the purchase instead (`recovery.ts`).
 */
export type LapseMail = boolean | 'recover';

/** The ref of an order's jobs, which its page reads to show whether the mails went. */
export const orderRef = (orderId: number) => `order:${orderId}`;

export type OrderEvent =
  /** Paid on the provider's word, or a late payment taken; `mail`: false when the buyer hears it on the page. */
  | { type: 'paid'; row: OrderRow; mail: boolean }
  /** A pending order that ended unpaid: its card rejected, or its hold lapsed. */
  | { type: 'unpaid'; row: OrderRow; status: 'rechazado' | 'cancelado'; mail: LapseMail }
  /** The shop owes the buyer their money: a payment too late for the stock, or a refund refused. */
  | { type: 'refund_due'; row: OrderRow }
  /** The seller moved it one step, with a note for the buyer; `before`: the row as it stood. */
  | { type: 'moved'; before: OrderRow; to: OrderStatus; note: string | null };

/** One feature's reaction, run in the deciding transaction. */
export type OrderListener = (tx: Db | Tx, event: OrderEvent) => Promise<void>;

let listeners: readonly OrderListener[] | null = null;

/** Installs the list once, at start; a second list replaces the first (tests). */
export function installOrderListeners(list: readonly OrderListener[]): void {
  listeners = list;
}

/** Runs every listener, in the list's order, in `tx`. Refuses to run unwired: nothing may be lost. */
export async function orderHappened(tx: Db | Tx, event: OrderEvent): Promise<void> {
  if (!listeners)
    throw new Error('order listeners not installed: import @/lib/order-effects.server');
  for (const listener of listeners) await listener(tx, event);
}
