/**
 * The two mails of a retracto request (Ley 19.496 art. 3 bis): the buyer's confirmation that it was
 * recorded, and the seller's notice with what to do next (the refund is due within 45 days).
 */
import { formatDateTime } from '@/lib/dates';
import { formatClp } from '@/lib/money';
import { buyerUpdate, html, linesText, sellerSteps, soldBy } from '@/lib/orders/mails.server';
import type { OrderView } from '@/lib/orders/view.server';
import type { ShopCheckout } from '@/lib/shop/shop-checkout.server';
import { ORDER_PATHS } from '@/lib/orders/urls';
import { formatPhone } from '@/lib/phone';
import { siteUrl } from '@/lib/server/config';
import type { Mail } from '@/lib/server/mail/mailer';
import { prose } from '@/lib/prose';

/** The buyer's confirmation and the seller's notice, in that order. */
export function retractoMails(order: OrderView, shop: ShopCheckout): Mail[] {
  const when = formatDateTime(order.retracto_requested_at ?? new Date());
  const buyerLines = [
    `Registramos tu solicitud de retracto del pedido ${order.number} el ${when}.`,
    prose`${shop.name} te escribirá para coordinar la devolución de los productos. Cuando los reciba
      sin uso, debe devolverte lo que pagaste (${formatClp(order.total)}) a más tardar 45 días
      después de tu solicitud.`,
    ...soldBy(shop),
  ];
  const buyer = buyerUpdate(order, shop, 'Recibimos tu solicitud de retracto', buyerLines);
  const link = siteUrl().origin + ORDER_PATHS.order(order.id);
  const sellerLines = [
    `${order.buyer.name} pidió retractarse de la compra ${order.number} ` +
      `(${formatClp(order.total)}) el ${when}.`,
    sellerSteps([
      'Escríbele para coordinar la devolución: ' +
        `${order.buyer.email}, ${formatPhone(order.buyer.phone)}.`,
      'Cuando recibas los productos sin uso y con su empaque, devuélvele lo que pagó, a más ' +
        'tardar 45 días después de su solicitud (artículo 3 bis de la Ley 19.496).',
      'Cancela la orden en Impulsa para que el stock vuelva a tu tienda.',
    ]),
  ];
  const seller: Mail = {
    to: shop.notifyEmail,
    subject: `Solicitud de retracto: pedido ${order.number}`,
    text: [...sellerLines, '', ...linesText(order), '', `Ver la orden: ${link}`].join('\n'),
    html: html(`Solicitud de retracto: ${order.number}`, sellerLines, order, {
      label: 'Ver la orden',
      href: link,
    }),
  };
  return [buyer, seller];
}
