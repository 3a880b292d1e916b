/**
 * The composition root of an order's effects: what each move causes in each feature, in this
 * order (mails, refund, tax document). Each listener loads with its first event, so the server
 * starts without the providers' clients. Imported by the job list (and so by the middleware) and
 * by the unit tests' setup.
 */
import { installOrderListeners, type OrderListener } from '@/lib/orders/events.server';

const lazy =
  (load: () => Promise<OrderListener>): OrderListener =>
  async (tx, event) =>
    (await load())(tx, event);

installOrderListeners([
  lazy(async () => (await import('@/lib/orders/order-mails.server')).mailsOn),
  lazy(async () => (await import('@/lib/payments/refund.server')).refundsOn),
  lazy(async () => (await import('@/lib/invoicing/emit.server')).documentsOn),
]);
