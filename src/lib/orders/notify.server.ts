/**
 * Sending the order mails after the answer has gone: a slow or unreachable mail server never
 * holds up a checkout or a seller's click, and a mail that fails is logged.
 */
import { orderMails, statusMail } from '@/lib/orders/mails.server';
import type { OrderView, ShopCheckout } from '@/lib/orders/view.server';
import { sendMail, type Mail } from '@/lib/server/mail/mailer';
import { log } from '@/lib/server/log';

async function send(orderId: number, mails: Mail[]): Promise<void> {
  for (const mail of mails) {
    try {
      await sendMail(mail);
    } catch (error) {
      log.error('order mail failed', {
        order: orderId,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
}

/** The buyer's confirmation and the seller's notice of an order placed (or paid by Webpay). */
export function notify(order: OrderView, shop: ShopCheckout): Promise<void> {
  return send(order.id, orderMails(order, shop));
}

/** The buyer's mail about the status their order just reached, with the seller's note. */
export function notifyStatus(
  order: OrderView,
  shop: ShopCheckout,
  note: string | null,
): Promise<void> {
  return send(order.id, [statusMail(order, shop, note)]);
}
