/**
 * An order's timeline: each status it reached after it was placed, when, and the seller's note.
 * Written in the same transaction as the status it records, so the buyer's page never shows a
 * status without its moment.
 */
import { asc, eq } from 'drizzle-orm';
import { RETRACTO_EVENT, RETRACTO_EVENT_LABEL } from '@/lib/orders/retracto';
import { STATUS_LABELS, type OrderStatus } from '@/lib/orders/schemas';
import type { Db } from '@/lib/server/db/client';
import type { Tx } from '@/lib/server/db/versioned';
import { orderEvents, users } from '@/lib/server/db/schema';

/** The timeline's event for a tax document (`invoicing/`); its note is the whole line («Boleta N° 12 emitida»). */
export const TAX_DOCUMENT_EVENT = 'documento';

export interface TimelineEntry {
  status: OrderStatus | 'recibido' | typeof RETRACTO_EVENT | typeof TAX_DOCUMENT_EVENT;
  label: string;
  at: string;
  note: string | null;
  /** Who in the shop made the move (the seller's view only, issue 67); null: the buyer, a job. */
  by?: string | null;
}

/** Records that `orderId` reached `status` now, with the seller's note or the reason. */
export async function recordEvent(
  tx: Db | Tx,
  orderId: number,
  status: OrderStatus | typeof RETRACTO_EVENT | typeof TAX_DOCUMENT_EVENT,
  note: string | null = null,
  /** Who in the shop made the move; absent: the buyer, a job or a provider. */
  actorId: number | null = null,
): Promise<void> {
  await tx.insert(orderEvents).values({ orderId, status, note: note || null, actorId });
}

/** The order's timeline, oldest first, opening with its placement at `placedAt`. */
export async function timelineOf(
  db: Db | Tx,
  orderId: number,
  placedAt: Date,
  /** The seller's view names who made each move; the buyer's never does. */
  options: { actors?: boolean } = {},
): Promise<TimelineEntry[]> {
  const rows = await db
    .select({ event: orderEvents, by: users.fullName })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.actorId))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id));
  const events = rows.map((r) => r.event);
  const byOf = new Map(rows.map((r) => [r.event.id, r.by]));
  const who = (id: number) => (options.actors ? { by: byOf.get(id) ?? null } : {});
  return [
    { status: 'recibido', label: 'Pedido recibido', at: placedAt.toISOString(), note: null },
    ...events.map((e): TimelineEntry =>
      // A document's event says it all in its line («Boleta electrónica N° 12 emitida»).
      e.status === TAX_DOCUMENT_EVENT
        ? {
            status: TAX_DOCUMENT_EVENT,
            label: e.note ?? e.status,
            at: e.at.toISOString(),
            note: null,
            ...who(e.id),
          }
        : {
            status: e.status as OrderStatus,
            label:
              e.status === RETRACTO_EVENT
                ? RETRACTO_EVENT_LABEL
                : // Back to waiting only after a card try that failed (`card-fallback.server.ts`).
                  e.status === 'pendiente_pago'
                  ? 'El pago en línea no se completó'
                  : (STATUS_LABELS[e.status as OrderStatus] ?? e.status),
            at: e.at.toISOString(),
            note: e.note,
            ...who(e.id),
          },
    ),
  ];
}
