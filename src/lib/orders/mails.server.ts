/**
 * The order mails, in Spanish: the buyer's confirmation, the seller's notice of a new order, and
 * the buyer's mail at each later status. Buyers' mails come "from" the shop (its name, the app's
 * no-reply address) and answer to the shop's own address.
 */
import { formatDateTime } from '@/lib/dates';
import { plural } from '@/lib/plural';
import { formatClp } from '@/lib/money';
import { deliverySummary } from '@/lib/shop/delivery-quote';
import { CARRIERS, type Carrier } from '@/lib/orders/schemas';
import { PAYMENT_NAMES } from '@/lib/shop/payment-methods';
import type { OrderView } from '@/lib/orders/view.server';
import type { ShopCheckout } from '@/lib/shop/shop-checkout.server';
import { totalLines } from '@/lib/orders/totals';
import { ORDER_PATHS } from '@/lib/orders/urls';
import { formatPhone } from '@/lib/phone';
import { CHANNEL_NAMES } from '@/lib/orders/channels';
import { siteUrl } from '@/lib/server/config';
import type { Mail } from '@/lib/server/mail/mailer';
import { MAIL_NOTE, mailButton, mailHtml } from '@/lib/server/mail/layout';

import { escapeHtml as escape } from '@/lib/html';
import { sellerIdentity } from '@/lib/shop/legal-entity';

function deliveryText(order: OrderView): string {
  const { delivery } = order;
  const price =
    delivery.method === 'despacho'
      ? ` (${delivery.price ? formatClp(delivery.price) : 'gratis'})`
      : '';
  return deliverySummary(delivery, order.payment_method === 'en_persona') + price;
}

/** A marketplace's sale travels with its own shipping. */
const MARKETPLACE_DELIVERY =
  'Despacho: Mercado Envíos (la etiqueta está en tu cuenta de Mercado Libre)';

/** A signed amount: the discount reads `-$4.617`. */
const money = (amount: number) => (amount < 0 ? `-${formatClp(-amount)}` : formatClp(amount));

export function linesText(order: OrderView): string[] {
  return totalLines(order).map((l) => `${l.label}: ${money(l.amount)}`);
}

const TOTALS_TABLE =
  'width:100%;border-collapse:collapse;margin:24px 0;' +
  'border-top:1px solid #eeeef2;border-bottom:1px solid #eeeef2';
export function html(
  title: string,
  paragraphs: string[],
  order: OrderView,
  button?: { label: string; href: string },
): string {
  const rows = totalLines(order)
    .map((l) => {
      const weight = l.kind === 'total' ? 'padding:8px 0;font-weight:700' : 'padding:6px 0';
      const label = `<td style="${weight}">${escape(l.label)}</td>`;
      return `<tr>${label}<td style="${weight};text-align:right">${money(l.amount)}</td></tr>`;
    })
    .join('');
  return mailHtml(`<p style="font-size:20px;font-weight:700;margin:0 0 8px">${escape(title)}</p>
<p style="${MAIL_NOTE};margin:0 0 24px">Orden <strong>${escape(order.number)}</strong></p>
${paragraphs.map((p) => `<p style="white-space:pre-line">${escape(p)}</p>`).join('\n')}
<table style="${TOTALS_TABLE}">${rows}</table>
${button ? mailButton(button.label, button.href) : ''}`);
}

/** How long a hold lasts, as a buyer reads it: `45 minutos`, `1 hora`, `24 horas`. */
export function holdSpan(minutes: number): string {
  return minutes < 60
    ? plural(Math.max(1, minutes), 'minuto', 'minutos')
    : plural(Math.round(minutes / 60), 'hora', 'horas');
}

/** The buyer's and the seller's mails for an order just placed (or just paid, for Webpay). */
export function orderMails(order: OrderView, shop: ShopCheckout): Mail[] {
  const counter = order.payment_method === 'en_persona';
  const paid = order.status === 'pagado' || counter;
  // How long the products wait for the payment, and until when (in Chile's time).
  // Read off the order itself: ORDER_HOLD_HOURS may override the shop's own hold.
  const heldMinutes = order.expires_at
    ? Math.round((Date.parse(order.expires_at) - Date.parse(order.created_at)) / 60_000)
    : 0;
  const held = order.expires_at
    ? `\nTe guardamos los productos por ${holdSpan(heldMinutes)}, hasta el ` +
      `${formatDateTime(order.expires_at)}; si el pago no llega, el pedido se cancela solo.`
    : '';
  const shopPhone = shop.whatsapp ? ` (${formatPhone(shop.whatsapp)})` : '';
  const payment =
    order.payment_method === 'transferencia' && !paid
      ? `Para completar tu compra, transfiere ${formatClp(order.total)} a:\n` +
        `${shop.transferDetails}\n` +
        `Usa ${order.number} como referencia o comentario de la transferencia.${held}`
      : order.payment_method === 'whatsapp' && !paid
        ? `${shop.name} te contactará por WhatsApp${shopPhone} para coordinar el pago.${held}`
        : order.payment_method === 'en_persona'
          ? `Pagaste ${formatClp(order.total)} en persona.`
          : `Pagaste ${formatClp(order.total)} con ${PAYMENT_NAMES[order.payment_method]}.`;
  const buyerText = [
    `Hola, ${order.buyer.name}:`,
    '',
    paid ? `¡Gracias por tu compra en ${shop.name}!` : `Recibimos tu pedido en ${shop.name}.`,
    '',
    ...linesText(order),
    '',
    deliveryText(order),
    '',
    payment,
    '',
    `Revisa tu pedido cuando quieras: ${order.receipt_url}`,
    ...soldBy(shop),
  ].join('\n');
  const buyer: Mail = {
    ...fromShop(shop),
    to: order.buyer.email,
    subject: `${paid ? 'Compra confirmada' : 'Pedido recibido'} ${order.number} · ${shop.name}`,
    text: buyerText,
    html: html(
      paid
        ? `¡Gracias por tu compra, ${order.buyer.name}!`
        : `Recibimos tu pedido, ${order.buyer.name}`,
      [
        paid
          ? `Tu pago a ${shop.name} está confirmado.`
          : `Tu pedido en ${shop.name} quedó registrado.`,
        deliveryText(order),
        payment,
        ...soldBy(shop),
      ],
      order,
      { label: 'Ver mi pedido', href: order.receipt_url },
    ),
  };
  const link = siteUrl().origin + ORDER_PATHS.order(order.id);
  const marketplace = order.channel !== 'tienda';
  const short = order.items.filter((i) => i.stock_short);
  const sellerLines = [
    marketplace
      ? `Cliente: ${order.buyer.name}, en ${CHANNEL_NAMES[order.channel]}`
      : `Cliente: ${order.buyer.name}, ${order.buyer.email}, ${formatPhone(order.buyer.phone)}`,
    marketplace ? MARKETPLACE_DELIVERY : deliveryText(order),
    `Pago: ${PAYMENT_NAMES[order.payment_method]}${paid ? ' (pagado)' : ' (pendiente)'}`,
    ...(order.notes ? [`Nota del cliente: ${order.notes}`] : []),
    ...(short.length
      ? [
          `Ojo: no tenías stock suficiente en Impulsa de ${short.map((i) => `«${i.name}»`).join(', ')}. ` +
            'Revisa si puedes cumplir esta venta; si no, cancélala en Mercado Libre.',
        ]
      : []),
  ];
  const where = marketplace ? ` en ${CHANNEL_NAMES[order.channel]}` : '';
  const seller: Mail = {
    to: shop.notifyEmail,
    subject:
      `${paid ? 'Nueva venta' : 'Nuevo pedido'}${where} ${order.number}: ${formatClp(order.total)}` +
      (short.length ? ' · falta stock' : ''),
    text: [
      `${paid ? 'Vendiste' : 'Te hicieron un pedido de'} ${formatClp(order.total)} en ${shop.name}.`,
      '',
      ...linesText(order),
      '',
      ...sellerLines,
      '',
      `Gestiona la orden: ${link}`,
    ].join('\n'),
    html: html(
      paid ? `Nueva venta: ${formatClp(order.total)}` : `Nuevo pedido: ${formatClp(order.total)}`,
      sellerLines,
      order,
      { label: 'Ver la orden', href: link },
    ),
  };
  // A sale at the counter is the seller's own doing: no «Nueva venta» about it, and a buyer who
  // left no e-mail gets no mail.
  return [...(order.buyer.email ? [buyer] : []), ...(counter ? [] : [seller])];
}

/** The company that sells, on every buyer's mail once the seller names one. */
export const soldBy = (shop: ShopCheckout) => sellerIdentity(shop, { withContact: false });

/** A buyer's mail, sent in the shop's name and answered to the shop. */
export function fromShop(
  shop: Pick<ShopCheckout, 'name' | 'notifyEmail'>,
): Pick<Mail, 'fromName' | 'replyTo'> {
  return { fromName: `${shop.name} vía Impulsa`, replyTo: shop.notifyEmail };
}

/** What the buyer reads when their order reaches a status: a title and what happens now. */
function statusText(order: OrderView, shop: ShopCheckout): { title: string; lines: string[] } {
  switch (order.status) {
    case 'pagado':
      return {
        title: 'Recibimos tu pago',
        lines: [
          `${shop.name} confirmó tu pago de ${formatClp(order.total)}. Ahora prepara tu pedido.`,
        ],
      };
    case 'preparando':
      return {
        title: 'Estamos preparando tu pedido',
        lines: [`${shop.name} está preparando tu pedido.`],
      };
    case 'enviado': {
      const carrier = order.tracking?.carrier
        ? CARRIERS[order.tracking.carrier as Carrier]?.name
        : null;
      return {
        title: 'Tu pedido va en camino',
        lines: [
          `${shop.name} despachó tu pedido a ${order.delivery.address ?? 'tu dirección'}.`,
          ...(order.tracking?.number
            ? [
                `Número de seguimiento: ${order.tracking.number}${carrier ? ` (${carrier})` : ''}.`,
                ...(order.tracking.url ? [`Síguelo en ${order.tracking.url}`] : []),
              ]
            : []),
        ],
      };
    }
    case 'listo_retiro':
      return {
        title: 'Tu pedido está listo para retiro',
        lines: [
          order.delivery.pickup_point
            ? `Retíralo en ${order.delivery.pickup_point.name}: ${order.delivery.pickup_point.address}.`
            : `${shop.name} te contactará para coordinar el retiro.`,
          ...(order.delivery.pickup_point?.hours
            ? [`Horario: ${order.delivery.pickup_point.hours}.`]
            : []),
          `Lleva el número de pedido ${order.number}.`,
        ],
      };
    case 'entregado':
      return {
        title: 'Pedido entregado',
        lines: [`Tu pedido de ${shop.name} fue entregado. ¡Gracias por tu compra!`],
      };
    case 'cancelado':
      return {
        title: 'Tu pedido fue cancelado',
        lines: [order.reason ?? `${shop.name} canceló tu pedido.`],
      };
    case 'rechazado':
      return {
        title: 'El pago no se completó',
        lines: [order.reason ?? 'El pago no se completó. No se hizo ningún cargo.'],
      };
    default:
      return { title: 'Tu pedido cambió', lines: [] };
  }
}

/** The buyer's mail when their order reaches its current status, with the seller's note. */
export function statusMail(order: OrderView, shop: ShopCheckout, note: string | null): Mail {
  const { title, lines } = statusText(order, shop);
  const message = note ? [`Mensaje de ${shop.name}: ${note}`] : [];
  return buyerUpdate(order, shop, title, [...lines, ...message, ...soldBy(shop)]);
}

/** What the seller should do now, as numbered steps under one heading (one paragraph). */
export function sellerSteps(steps: readonly string[]): string {
  return ['Qué hacer ahora:', ...steps.map((step, i) => `${i + 1}. ${step}`)].join('\n');
}

/** A mail to the buyer about their order: `title` and `paragraphs`, the totals, the order's link. */
export function buyerUpdate(
  order: OrderView,
  shop: ShopCheckout,
  title: string,
  paragraphs: string[],
): Mail {
  return {
    ...fromShop(shop),
    to: order.buyer.email,
    subject: `${title} · Pedido ${order.number} · ${shop.name}`,
    text: [
      `Hola, ${order.buyer.name}:`,
      '',
      ...paragraphs,
      '',
      ...linesText(order),
      '',
      `Revisa tu pedido cuando quieras: ${order.receipt_url}`,
      `¿Dudas? Responde este correo y le llega a ${shop.name}.`,
    ].join('\n'),
    html: html(title, paragraphs, order, { label: 'Ver mi pedido', href: order.receipt_url }),
  };
}
