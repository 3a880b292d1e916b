/**
 * The buyer's copy of a tax document by mail, its PDF attached: enqueued by the `tax-document`
 * job in the transaction that records the document, so it goes once, when there is one to send.
 */
import { DTE_LABELS, type DteType } from '@/lib/invoicing/dte';
import { formatClp } from '@/lib/money';
import { buyerUpdate } from '@/lib/orders/mails.server';
import type { OrderView, ShopCheckout } from '@/lib/orders/view.server';
import type { Mail } from '@/lib/server/mail/mailer';

export function taxDocumentMail(
  order: OrderView,
  shop: ShopCheckout,
  document: { type: DteType; folio: number; pdf: Uint8Array },
): Mail {
  const label = DTE_LABELS[document.type];
  const kind = label.split(' ')[0]!.toLowerCase();
  return {
    ...buyerUpdate(order, shop, `Tu ${kind}`, [
      `Adjuntamos tu ${label.toLowerCase()} N° ${document.folio} por ${formatClp(order.total)}, emitida por ${shop.name}.`,
      'También la puedes descargar desde tu pedido cuando quieras.',
    ]),
    attachments: [
      {
        filename: `${kind}-${document.folio}.pdf`,
        contentType: 'application/pdf',
        base64: Buffer.from(document.pdf).toString('base64'),
      },
    ],
  };
}
