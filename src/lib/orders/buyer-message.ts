/**
 * The WhatsApp message a seller sends a buyer with their order's link: from the order's page,
 * the answer to a new manual order, and «Pedidos sin pagar». One wording, so a buyer who gets two
 * reads the same shop.
 */
import { formatClp } from '@/lib/money';
import { givenName } from '@/lib/person-name';

/**
 * `pay`: waiting for payment; `paid`: its receipt; `remind`: still unpaid; `recover`: lapsed, its
 * cart kept behind the link; `show`: any other.
 */
export type BuyerMessageKind = 'pay' | 'paid' | 'remind' | 'recover' | 'show';

export interface BuyerMessageOrder {
  buyerName: string;
  number: string;
  total: number;
  /** The shop's name, when the page has it at hand. */
  shopName?: string;
  /** The receipt's link, or the recovery link for `recover`. */
  link: string;
}

const CLOSING: Record<BuyerMessageKind, string> = {
  pay: 'Puedes revisarlo y pagarlo aquí:',
  paid: 'Tu comprobante:',
  remind: '¿Te ayudo a terminarlo? Puedes pagarlo aquí:',
  recover: '¿Te ayudo a terminarlo? Tu carro sigue aquí:',
  show: 'Puedes revisarlo aquí:',
};

export function buyerMessage(order: BuyerMessageOrder, kind: BuyerMessageKind): string {
  const first = givenName(order.buyerName);
  const hello = first ? `Hola, ${first}` : 'Hola';
  const shop = order.shopName ? ` en ${order.shopName}` : '';
  const amount = formatClp(order.total);
  const opening =
    kind === 'remind' || kind === 'recover'
      ? `${hello}: tu pedido ${order.number}${shop}, por ${amount}, quedó sin pagar.`
      : `${hello}: aquí está tu pedido ${order.number}${shop}, por ${amount}.`;
  return `${opening} ${CLOSING[kind]} ${order.link}`;
}
