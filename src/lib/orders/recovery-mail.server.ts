/**
 * The mail «¿Quieres terminar tu compra?» of an order that lapsed unpaid (`recovery.ts` says when),
 * with its link back, which checkout opens (`checkout/recovery.server.ts`).
 */
import { marketingMailParts } from '@/lib/marketing/opt-outs.server';
import { fromShop, html, linesText, soldBy } from '@/lib/orders/mails.server';
import { RECOVERY_SERVICE_HOURS } from '@/lib/orders/recovery';
import { PAY_PATHS } from '@/lib/orders/urls';
import type { OrderRow, OrderView } from '@/lib/orders/view.server';
import type { Mail } from '@/lib/server/mail/mailer';
import type { ShopCheckout } from '@/lib/shop/shop-checkout.server';

/** The recovery link of an order: on its own host, keyed by its receipt's token. */
export const recoveryUrl = (row: Pick<OrderRow, 'origin' | 'receiptToken'>) =>
  row.origin + PAY_PATHS.recover(row.receiptToken);

/**
 * The mail: what was left, that the order lapsed, the link back. Past the service window it is
 * publicity, sent only under a consent that still holds (`consent`), with the way out.
 */
export function recoveryMail(
  order: OrderView,
  shop: ShopCheckout,
  link: string,
  placedAt: Date,
  consent: boolean,
): Mail | null {
  const title = '¿Quieres terminar tu compra?';
  const asMarketing = Date.now() - placedAt.getTime() >= RECOVERY_SERVICE_HOURS * 3_600_000;
  if (asMarketing && !consent) return null;
  const marketing = asMarketing
    ? marketingMailParts(shop.sellerId, shop.name, order.buyer.email)
    : null;
  const paragraphs = [
    `Tu pedido ${order.number} en ${shop.name} quedó sin pagar y lo cancelamos para que otras ` +
      'personas pudieran comprar esos productos. No se hizo ningún cargo.',
    'Si todavía los quieres, tu carro te espera con lo mismo y tus datos: revisa el precio y el ' +
      `stock de hoy y paga cuando quieras. ${link}`,
    'Solo te escribimos una vez por este pedido.',
    ...soldBy(shop),
    ...(marketing ? [marketing.line] : []),
  ];
  return {
    ...fromShop(shop),
    to: order.buyer.email,
    subject: `${title} · ${shop.name}`,
    text: [`Hola, ${order.buyer.name}:`, '', ...paragraphs, '', ...linesText(order)].join('\n'),
    html: html(title, paragraphs, order, { label: 'Volver a mi carro', href: link }),
    ...(marketing ? { headers: marketing.headers } : {}),
  };
}
