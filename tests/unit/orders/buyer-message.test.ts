/** The one wording of the WhatsApp message that sends a buyer their order's link. */
import { describe, expect, it } from 'vitest';
import { buyerMessage, type BuyerMessageKind } from '@/lib/orders/buyer-message';

const order = {
  buyerName: '  Camila Soto ',
  number: 'H689-BNA3',
  total: 25980,
  shopName: 'Cerámica Ana',
  link: 'https://greda.impulsa.cl/pay/orden/abc',
};

describe('buyerMessage', () => {
  const here = 'Hola, Camila: aquí está tu pedido H689-BNA3 en Cerámica Ana, por $25.980.';
  const unpaid = 'Hola, Camila: tu pedido H689-BNA3 en Cerámica Ana, por $25.980, quedó sin pagar.';
  it.each<[BuyerMessageKind, string]>([
    ['pay', `${here} Puedes revisarlo y pagarlo aquí:`],
    ['paid', `${here} Tu comprobante:`],
    ['remind', `${unpaid} ¿Te ayudo a terminarlo? Puedes pagarlo aquí:`],
    ['recover', `${unpaid} ¿Te ayudo a terminarlo? Tu carro sigue aquí:`],
    ['show', `${here} Puedes revisarlo aquí:`],
  ])('%s: %s', (kind, start) => {
    expect(buyerMessage(order, kind)).toBe(`${start} ${order.link}`);
  });

  it('leaves out the shop and the name when it has neither', () => {
    const text = buyerMessage({ ...order, buyerName: ' ', shopName: undefined }, 'pay');
    expect(text).toBe(
      `Hola: aquí está tu pedido H689-BNA3, por $25.980. Puedes revisarlo y pagarlo aquí: ${order.link}`,
    );
  });
});
