/** Starting a placed order's payment at a redirect provider: its reference kept, or the order let go. */
import { eq, sql } from 'drizzle-orm';
import { settle } from '@/lib/orders/payment.server';
import { recordPaymentCheck, sellerProvider } from '@/lib/orders/providers/accounts.server';
import {
  PROVIDER_NAMES,
  ProviderAccountRejected,
  type RedirectProvider,
} from '@/lib/orders/providers/provider';
import { PAY_PATHS, PROVIDER_PATHS } from '@/lib/orders/urls';
import type { OrderRow } from '@/lib/orders/view.server';
import { siteUrl } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/client';
import { orders } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';
import { log } from '@/lib/server/log';

/** A provider could not start the payment (down, slow, or the account refused): a 502 to the API. */
export class PaymentUnavailableError extends HttpError {
  constructor(message: string) {
    super(502, message);
  }
}

/**
 * Asks the provider for the payment and keeps its reference and page on the order. When it
 * cannot, the order is let go (its stock back, no mail: the buyer never left the shop) and the
 * buyer reads why, with the shop's other ways to pay.
 */
export async function startProviderPayment(
  db: Db,
  row: OrderRow,
  provider: RedirectProvider,
  origin: string,
  holdMs: number,
): Promise<{ row: OrderRow; url: string }> {
  const name = PROVIDER_NAMES[provider];
  try {
    const client = await sellerProvider(db, row.sellerId, provider);
    if (!client) throw new ProviderAccountRejected(provider);
    const created = await client.create({
      reference: row.number,
      subject: `Pedido ${row.number}`,
      amount: row.total,
      email: row.buyerEmail,
      confirmationUrl: siteUrl().origin + PROVIDER_PATHS.confirmation(provider, row.sellerId),
      returnUrl: origin + PAY_PATHS.providerReturn(provider),
      expiresInSeconds: Math.round(holdMs / 1000),
    });
    const [saved] = await db
      .update(orders)
      .set({ paymentRef: created.ref, paymentUrl: created.url, updatedAt: sql`now()` })
      .where(eq(orders.id, row.id))
      .returning();
    return { row: saved!, url: created.url };
  } catch (error) {
    const rejected = error instanceof ProviderAccountRejected;
    log.error('provider create failed', {
      provider,
      order: row.id,
      error: error instanceof Error ? error.message : String(error),
    });
    // Keys the provider does not know: checkout stops offering it until the seller fixes them.
    if (rejected) await recordPaymentCheck(db, row.sellerId, provider, 'rejected').catch(() => {});
    await settle(db, row.id, {
      status: 'rechazado',
      reason: `No pudimos conectar con ${name}. No se hizo ningún cargo.`,
      mail: false,
    });
    throw new PaymentUnavailableError(
      rejected
        ? `Esta tienda no puede recibir pagos con ${name} en este momento. No se hizo ningún cargo: elige otro medio de pago.`
        : `No pudimos conectar con ${name} y no se hizo ningún cargo. Elige otro medio de pago o intenta de nuevo en unos minutos.`,
    );
  }
}
