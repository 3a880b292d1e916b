/**
 * Reconciliation, with the order sweep (every minute): a redirect provider's orders still pending
 * a while after they were placed are asked of the provider, in case its notification never came;
 * those past their time are settled from its answer (still pending there: given up).
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { lapseMail, settle } from '@/lib/payments/settle.server';
import { confirmRow } from '@/lib/payments/confirm.server';
import { PROVIDER_NAMES } from '@/lib/payments/provider';
import { REDIRECT_PROVIDERS, type RedirectProvider } from '@/lib/shop/payment-methods';
import { jobSettings } from '@/lib/server/config';
import type { OrderRow } from '@/lib/orders/view.server';
import type { Db } from '@/lib/server/db/client';
import { orders } from '@/lib/server/db/schema';
import { log } from '@/lib/server/log';

/** A notification is given two sweeps (two minutes by default) before the provider is asked. */
const notificationGrace = () =>
  sql`${Math.min(120, 2 * jobSettings().sweepSeconds)} * interval '1 second'`;

export async function reconcileProviderOrders(db: Db): Promise<{ settled: number }> {
  const pending = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, 'pendiente_pago'),
        inArray(orders.paymentMethod, [...REDIRECT_PROVIDERS]),
        lt(orders.createdAt, sql`now() - ${notificationGrace()}`),
      ),
    );
  let settled = 0;
  for (const row of pending) {
    const lapsed = row.expiresAt !== null && row.expiresAt.getTime() < Date.now();
    try {
      let now: OrderRow;
      if (!row.paymentRef) {
        // Placed but never started at the provider (the app stopped in between): nothing to pay.
        if (!lapsed) continue;
        const name = PROVIDER_NAMES[row.paymentMethod as RedirectProvider];
        now = (
          await settle(db, row, {
            status: 'rechazado',
            reason: `No pudimos conectar con ${name}. No se hizo ningún cargo.`,
            mail: false,
          })
        ).row;
      } else {
        const mail = lapsed ? await lapseMail(db, row) : undefined;
        now = await confirmRow(db, row, { lapsed, mail });
      }
      if (now.status !== 'pendiente_pago') settled++;
    } catch (error) {
      log.warn('provider status failed while reconciling', {
        order: row.id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return { settled };
}
