/**
 * Tax documents by mail: the buyer's copy with its PDF attached, enqueued by the `tax-document`
 * job in the transaction that records the document, so it goes once, when there is one to send;
 * and the seller's one warning when a document keeps failing.
 */
import { prose } from '@/lib/prose';
import { DTE, DTE_LABELS, DTE_NAMES, type DteType } from '@/lib/invoicing/dte';
import { formatClp } from '@/lib/money';
import { buyerUpdate, html } from '@/lib/orders/mails.server';
import { ORDER_PATHS } from '@/lib/orders/urls';
import { siteUrl } from '@/lib/server/config';
import type { OrderView } from '@/lib/orders/view.server';
import type { ShopCheckout } from '@/lib/shop/shop-checkout.server';
import type { Mail } from '@/lib/server/mail/mailer';

export function taxDocumentMail(
  order: OrderView,
  shop: ShopCheckout,
  document: { type: DteType; folio: number; pdf: Uint8Array },
): Mail {
  const label = DTE_LABELS[document.type];
  const { name, file } = DTE_NAMES[document.type];
  const credit = document.type === DTE.notaCredito;
  return {
    ...buyerUpdate(order, shop, `Tu ${name} N° ${document.folio}`, [
      credit
        ? prose`Adjuntamos la ${label.toLowerCase()} N° ${document.folio} por
  ${formatClp(order.total)} con que ${shop.name} anuló la boleta de tu pedido cancelado.`
        : prose`Adjuntamos tu ${label.toLowerCase()} N° ${document.folio} por
  ${formatClp(order.total)}, emitida por ${shop.name}.`,
      'También la puedes descargar desde tu pedido cuando quieras.',
    ]),
    attachments: [
      {
        filename: `${file}-${document.folio}.pdf`,
        contentType: 'application/pdf',
        base64: Buffer.from(document.pdf).toString('base64'),
      },
    ],
  };
}

/**
 * The seller's warning, once per document: refused by the provider (it will not be retried), or
 * still not emitted a day after payment. Either way the order's page shows what to type in the SII.
 */
export function documentTroubleMail(
  order: OrderView,
  shop: ShopCheckout,
  document: { type: DteType; error: string; refused: boolean },
): Mail {
  const label = DTE_LABELS[document.type].toLowerCase();
  const link = siteUrl().origin + ORDER_PATHS.order(order.id);
  const lines = [
    document.refused
      ? `OpenFactura rechazó la ${label} del pedido ${order.number}: ${document.error}`
      : `La ${label} del pedido ${order.number} lleva un día sin poder emitirse: ${document.error}`,
    document.refused
      ? prose`No lo volveremos a intentar. Corrige los datos en Boletas electrónicas o emítela en el
  sistema gratuito del SII y anota el folio en la orden.`
      : prose`Seguimos intentándolo solos. Si prefieres no esperar, emítela en el sistema gratuito
  del SII y anota el folio en la orden.`,
  ];
  return {
    to: shop.notifyEmail,
    subject: `Pedido ${order.number}: la ${label} no se ha emitido`,
    text: [...lines, '', `Ver la orden: ${link}`].join('\n'),
    html: html(`La ${label} no se ha emitido`, lines, order, { label: 'Ver la orden', href: link }),
  };
}
