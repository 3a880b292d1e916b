/**
 * Starting a placed order's payment at Webpay or a redirect provider: its reference kept, or the
 * order let go (`settle`, which sends a card attempt made from a receipt back to its first way).
 */
import { eq, sql } from 'drizzle-orm';
import { WEBPAY_HOLD_MINUTES, settle } from '@/lib/payments/settle.server';
import { recordPaymentCheck, sellerProvider } from '@/lib/payments/accounts.server';
import {
  orderReference,
  PROVIDER_NAMES,
  ProviderAccountRejected,
  type NewPayment,
} from '@/lib/payments/provider';
import { isRedirectProvider, type RedirectProvider } from '@/lib/shop/payment-methods';
import type { CardMethod } from '@/lib/shop/payment-methods';
import { PAY_PATHS, PROVIDER_PATHS } from '@/lib/orders/urls';
import type { OrderRow } from '@/lib/orders/view.server';
import { recordWebpayCheck, sellerWebpay } from '@/lib/payments/providers/webpay/account.server';
import { orderHoldHours, siteUrl } from '@/lib/server/config';
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
 * How long a card payment holds the stock: Webpay's 30 minutes (`ORDER_HOLD_HOURS` stretches a
 * redirect provider's in tests).
 */
export function cardHoldMs(method: CardMethod): number {
  const hours = isRedirectProvider(method) ? orderHoldHours() : undefined;
  return hours ? hours * 3_600_000 : WEBPAY_HOLD_MINUTES * 60_000;
}

/** What a buyer reads when a provider cannot start the payment (no charge was made). */
function unavailable(name: string, rejected: boolean): PaymentUnavailableError {
  return new PaymentUnavailableError(
    rejected
      ? `Esta tienda no puede recibir pagos con ${name} en este momento. ` +
          'No se hizo ningún cargo: elige otro medio de pago.'
      : `No pudimos conectar con ${name} y no se hizo ningún cargo. ` +
          'Elige otro medio de pago o intenta de nuevo en unos minutos.',
  );
}

/** What any card provider is asked for an order's payment: the same order, each its own addresses. */
function paymentFor(
  row: OrderRow,
  at: { confirmationUrl: string; returnUrl: string; holdMs: number },
): NewPayment {
  return {
    reference: orderReference(row),
    session: `o${row.id}`,
    subject: `Pedido ${row.number}`,
    amount: row.total,
    email: row.buyerEmail,
    confirmationUrl: at.confirmationUrl,
    returnUrl: at.returnUrl,
    expiresInSeconds: Math.round(at.holdMs / 1000),
  };
}

/**
 * Asks Webpay for the order's transaction and keeps its token and form; when it cannot, the
 * order is let go as `startProviderPayment` lets it go.
 */
export async function startWebpayPayment(
  db: Db,
  row: OrderRow,
  origin: string,
): Promise<{ row: OrderRow; form: { url: string; token: string } }> {
  try {
    const client = await sellerWebpay(db, row.sellerId);
    if (!client) throw new ProviderAccountRejected('webpay');
    // Webpay confirms on the buyer's return: it is where it tells us, and where the buyer comes.
    const back = origin + PAY_PATHS.webpayReturn;
    const created = await client.create(
      paymentFor(row, { confirmationUrl: back, returnUrl: back, holdMs: cardHoldMs('webpay') }),
    );
    const [saved] = await db
      .update(orders)
      .set({ webpayToken: created.ref, webpayUrl: created.url, updatedAt: sql`now()` })
      .where(eq(orders.id, row.id))
      .returning();
    return { row: saved!, form: { url: created.url, token: created.ref } };
  } catch (error) {
    const rejected = error instanceof ProviderAccountRejected;
    log.error('webpay create failed', {
      order: row.id,
      error: error instanceof Error ? error.message : String(error),
    });
    // A key Webpay does not know: checkout stops offering Webpay until the seller fixes it.
    if (rejected) await recordWebpayCheck(db, row.sellerId, 'rejected').catch(() => {});
    // The buyer never left the shop and picks another way: no mail about this order.
    await settle(db, row, {
      status: 'rechazado',
      reason: 'No pudimos conectar con Webpay. No se hizo ningún cargo.',
      mail: false,
    });
    throw unavailable('Webpay', rejected);
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
    const created = await client.create(
      paymentFor(row, {
        confirmationUrl: siteUrl().origin + PROVIDER_PATHS.confirmation(provider, row.sellerId),
        returnUrl: origin + PAY_PATHS.providerReturn(provider),
        holdMs,
      }),
    );
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
    await settle(db, row, {
      status: 'rechazado',
      reason: `No pudimos conectar con ${name}. No se hizo ningún cargo.`,
      mail: false,
    });
    throw unavailable(name, rejected);
  }
}
