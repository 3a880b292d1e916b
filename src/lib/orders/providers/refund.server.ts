/**
 * A paid order the seller cancels gives its money back through the provider that took it; a
 * refund the provider refuses cancels nothing. Its answer, and later its callback's, are kept on
 * the order beside the payment.
 */
import { eq, sql } from 'drizzle-orm';
import { sellerProvider } from '@/lib/orders/providers/accounts.server';
import {
  orderReference,
  PROVIDER_NAMES,
  type RedirectProvider,
} from '@/lib/orders/providers/provider';
import { PROVIDER_PATHS } from '@/lib/orders/urls';
import type { OrderRow } from '@/lib/orders/view.server';
import { siteUrl } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/client';
import { orders } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';
import { log } from '@/lib/server/log';

/** Keeps the provider's word on a refund beside the payment it gives back. */
async function keepRefund(db: Db, orderId: number, refund: { ref: string; state: string }) {
  await db
    .update(orders)
    .set({
      payment: sql`coalesce(${orders.payment}, '{}'::jsonb) || ${JSON.stringify({ refund })}::jsonb`,
    })
    .where(eq(orders.id, orderId));
}

export async function refundAtProvider(
  db: Db,
  row: OrderRow,
  provider: RedirectProvider,
): Promise<void> {
  const name = PROVIDER_NAMES[provider];
  try {
    const client = await sellerProvider(db, row.sellerId, provider);
    if (!client) throw new Error('the store has no account with the provider');
    const refund = await client.refund({
      ref: row.paymentRef!,
      reference: orderReference(row),
      amount: row.total,
      email: row.buyerEmail,
      callbackUrl: siteUrl().origin + PROVIDER_PATHS.refund(provider),
    });
    await keepRefund(db, row.id, refund);
  } catch (error) {
    log.error('provider refund failed', {
      provider,
      order: row.id,
      error: error instanceof Error ? error.message : String(error),
    });
    throw new HttpError(
      502,
      `${name} no pudo reembolsar el pago; la orden sigue como estaba. Intenta de nuevo en unos minutos.`,
    );
  }
}

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
  let refund: { ref: string; state: string };
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
