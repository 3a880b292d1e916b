/**
 * A discount code sent to a customer by mail: only to one whose newest order said yes to the
 * shop's marketing (Ley 19.628 as amended by Ley 21.719; Ley 19.496 art. 28 B), in the shop's
 * name, answered to the shop, with a one-click way to stop receiving them. Each code goes to a person once:
 * the queue's key makes a repeated post send nothing more.
 */
import { givenName } from '@/lib/person-name';
import { findCustomer } from '@/lib/customers/customers.server';
import type { CustomerView } from '@/lib/customers/customers';
import { formatDate } from '@/lib/dates';
import { escapeHtml as escape } from '@/lib/html';
import { discountAmountText } from '@/lib/shop/discounts';
import { getDiscount, type DiscountView } from '@/lib/shop/discounts.server';
import { marketingMailParts } from '@/lib/marketing/opt-outs.server';
import { fromShop } from '@/lib/orders/mails.server';
import { shopCheckout, type ShopCheckout } from '@/lib/shop/shop-checkout.server';
import type { Db } from '@/lib/server/db/client';
import { HttpError } from '@/lib/server/http/errors';
import type { Mail } from '@/lib/server/mail/mailer';
import { enqueueMailOnce } from '@/lib/server/mail/outbox';
import { publishedSiteUrl } from '@/lib/sites/published.server';
import { MAIL_NOTE, mailButton, mailHeading, mailHtml } from '@/lib/server/mail/layout';

export const NO_CONSENT =
  'Esta persona no aceptó recibir publicidad de tu tienda: no le podemos enviar el código.';
export const CODE_NOT_ACTIVE = 'Ese código no está activo: revísalo en Descuentos.';

const CODE =
  'font-family:ui-monospace,monospace;font-size:24px;font-weight:700;letter-spacing:2px;margin:24px 0';

/** The mail itself: the code, what it gives, where to use it, and how to say no more. */
export function codeMail(
  customer: Pick<CustomerView, 'name' | 'email'>,
  code: Pick<DiscountView, 'code' | 'kind' | 'value' | 'ends_at'>,
  shop: Pick<ShopCheckout, 'sellerId' | 'name' | 'notifyEmail'>,
  shopUrl: string | null,
): Mail {
  const first = givenName(customer.name);
  const greeting = first ? `Hola, ${first}:` : 'Hola:';
  const until = code.ends_at ? ` Vale hasta el ${formatDate(code.ends_at)}.` : '';
  const offer =
    `Gracias por comprar en ${shop.name}. Te regalamos el código ${code.code}: ` +
    `${discountAmountText(code)} de descuento en tu próxima compra.${until}`;
  const { line: optOut, headers } = marketingMailParts(shop.sellerId, shop.name, customer.email);
  const text = [
    greeting,
    '',
    offer,
    ...(shopUrl ? ['', `Tienda: ${shopUrl}`] : []),
    '',
    optOut,
  ].join('\n');
  const html = mailHtml(`${mailHeading(shop.name)}
<p>${escape(greeting)}</p>
<p>${escape(offer)}</p>
<p style="${CODE}">${escape(code.code)}</p>
${shopUrl ? mailButton('Ir a la tienda', shopUrl) : ''}
<p style="${MAIL_NOTE}">${escape(optOut)}</p>`);
  return {
    to: customer.email,
    subject: `Un código de descuento de ${shop.name}`,
    text,
    html,
    headers,
    ...fromShop(shop),
  };
}

/** Sends `discountId` to the seller's customer `key`; false when it had been sent to them before. */
export async function sendCodeByMail(
  db: Db,
  sellerId: number,
  key: string,
  discountId: number,
): Promise<{ sent: boolean; code: string; to: string }> {
  const customer = await findCustomer(db, sellerId, key);
  const code = await getDiscount(db, sellerId, discountId);
  if (!customer.marketing_consent) throw new HttpError(409, NO_CONSENT);
  if (code.state !== 'activo') throw new HttpError(409, CODE_NOT_ACTIVE);
  const [shop, site] = await Promise.all([
    shopCheckout(db, sellerId),
    publishedSiteUrl(db, sellerId),
  ]);
  const mail = codeMail(customer, code, shop!, site);
  const sent = await enqueueMailOnce(db, mail, {
    ref: `customer:${sellerId}`,
    key: `customer-code:${sellerId}:${key}:${code.id}`,
  });
  return { sent, code: code.code, to: customer.email };
}
