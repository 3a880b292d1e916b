/**
 * The seller's notice that she owes a refund by hand: a payment arrived after its order lapsed with
 * the stock already gone, or the provider refused the refund of an order she cancelled.
 */
import { formatClp } from '@/lib/money';
import { html, linesText, sellerSteps } from '@/lib/orders/mails.server';
import { PAYMENT_NAMES } from '@/lib/shop/payment-methods';
import { ORDER_PATHS } from '@/lib/orders/urls';
import type { OrderView } from '@/lib/orders/view.server';
import type { ShopCheckout } from '@/lib/shop/shop-checkout.server';
import { siteUrl } from '@/lib/server/config';
import type { Mail } from '@/lib/server/mail/mailer';
import { prose } from '@/lib/prose';

export function refundDueMail(order: OrderView, shop: ShopCheckout): Mail {
  const provider = PAYMENT_NAMES[order.payment_method];
  const link = siteUrl().origin + ORDER_PATHS.order(order.id);
  const refused = order.refund?.state === 'refused';
  const lines = refused
    ? [
        prose`Cancelaste el pedido ${order.number} y ${provider} no aceptó devolver los
          ${formatClp(order.total)} que pagó ${order.buyer.name}.`,
        sellerSteps([
          `Devuélvele el pago desde tu cuenta ${provider} o por transferencia.`,
          'La orden queda marcada «Reembolso pendiente» hasta que lo hagas.',
        ]),
      ]
    : [
        prose`${order.buyer.name} pagó ${formatClp(order.total)} con ${provider} por el pedido
          ${order.number} después de que venció su plazo, y ya no queda stock para enviarlo.`,
        sellerSteps([
          `Si puedes conseguir los productos, escríbele (${order.buyer.email}) y acuerden la entrega.`,
          `Si no, devuélvele el pago desde tu cuenta ${provider}: ` +
            'la orden queda marcada «Reembolso pendiente» hasta que lo hagas.',
        ]),
      ];
  const title = refused ? 'Reembolso rechazado' : 'Pago fuera de plazo';
  return {
    to: shop.notifyEmail,
    subject: refused
      ? `Reembolso rechazado: devuelve el pago del pedido ${order.number}`
      : `Pago fuera de plazo sin stock: pedido ${order.number}`,
    text: [...lines, '', ...linesText(order), '', `Ver la orden: ${link}`].join('\n'),
    html: html(`${title}: ${order.number}`, lines, order, {
      label: 'Ver la orden',
      href: link,
    }),
  };
}
