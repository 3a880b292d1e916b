/**
 * «Quiero retractarme» (issue 48): the buyer's request, reached through the order's receipt link.
 * In one transaction: the order is locked, the term checked again, the request recorded on the
 * order and its timeline, and the mails to the seller and the buyer enqueued (sent by the queue's
 * worker, never from the request). Asking twice records nothing more.
 */
import { eq, sql } from 'drizzle-orm';
import { enqueueOrderMails } from '@/lib/orders/order-mails.server';
import { RETRACTO_EVENT, retractoState } from '@/lib/orders/retracto';
import { type NoRetractoReason } from '@/lib/shop/no-retracto';
import { itemsOf } from '@/lib/orders/view.server';
import { recordEvent, timelineOf } from '@/lib/orders/timeline.server';
import type { OrderStatus } from '@/lib/orders/schemas';
import type { Db } from '@/lib/server/db/client';
import { orders } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';

const NOT_FOUND = 'No encontramos ese pedido.';

/** Records the request of the order behind `receiptToken`; answers whether it is new. */
export async function requestRetracto(db: Db, receiptToken: string): Promise<{ first: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(orders)
      .where(eq(orders.receiptToken, receiptToken))
      .for('update');
    if (!row) throw new HttpError(404, NOT_FOUND);
    const state = retractoState({
      status: row.status as OrderStatus,
      retracto_requested_at: row.retractoRequestedAt?.toISOString() ?? null,
      timeline: await timelineOf(tx, row.id, row.createdAt),
      items: (await itemsOf(tx, [row.id])).get(row.id)!.map((i) => ({
        no_retracto: (i.noRetracto as NoRetractoReason | null) ?? null,
      })),
    });
    if (state.kind === 'requested') return { first: false };
    if (state.kind === 'closed') throw new HttpError(409, state.why);
    await tx
      .update(orders)
      .set({ retractoRequestedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(orders.id, row.id));
    await recordEvent(tx, row.id, RETRACTO_EVENT);
    await enqueueOrderMails(tx, row.id, { event: 'retracto' });
    return { first: true };
  });
}
