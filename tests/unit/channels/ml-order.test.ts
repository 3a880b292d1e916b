/**
 * What Impulsa keeps of a Mercado Libre order and of a notice (issue 66): the lines, the buyer's
 * name and the pack, or null for anything it cannot keep — a table of Mercado Libre's answers.
 */
import { describe, expect, it } from 'vitest';
import { parseMlOrder } from '@/lib/channels/mercadolibre/ml-order';
import { parseNotice } from '@/lib/channels/mercadolibre/notice';

const line = (over: Record<string, unknown> = {}, item: Record<string, unknown> = {}) => ({
  item: { id: 'MLC1000000002', title: 'Polera', variation_id: 180001, ...item },
  quantity: 2,
  unit_price: 15990,
  ...over,
});
const order = (over: Record<string, unknown> = {}) => ({
  id: 2000000000001,
  status: 'paid',
  date_closed: '2026-11-29T10:00:00.000-03:00',
  pack_id: null,
  seller: { id: 1234567890 },
  buyer: { id: 5, nickname: 'CAMI.SOTO', first_name: 'Camila', last_name: 'Soto' },
  order_items: [
    line({}, { variation_attributes: [{ id: 'SIZE', name: 'Talla', value_name: 'M' }] }),
  ],
  ...over,
});

describe('a Mercado Libre order', () => {
  it('keeps its lines, buyer, total and pack', () => {
    expect(parseMlOrder(order())).toEqual({
      id: '2000000000001',
      status: 'paid',
      sellerId: '1234567890',
      packId: '2000000000001',
      buyerName: 'Camila Soto',
      buyerNickname: 'CAMI.SOTO',
      lines: [
        {
          itemId: 'MLC1000000002',
          variationId: '180001',
          title: 'Polera',
          variantName: 'M',
          quantity: 2,
          unitPrice: 15990,
        },
      ],
      total: 31980,
      paidAt: new Date('2026-11-29T13:00:00.000Z'),
    });
  });

  it.each([
    ['a pack of its own', { pack_id: 2000000000999 }, { packId: '2000000000999' }],
    ['a buyer named only by nickname', { buyer: { nickname: 'PEPE' } }, { buyerName: 'PEPE' }],
    ['a buyer with no name at all', { buyer: {} }, { buyerName: 'Comprador de Mercado Libre' }],
    ['a price written 13990.0', { order_items: [line({ unit_price: 13990.0 })] }, { total: 27980 }],
    ['no date', { date_closed: 'ayer' }, { paidAt: null }],
  ])('reads %s', (_, over, expected) => {
    expect(parseMlOrder(order(over))).toMatchObject(expected);
  });

  it('reads a listing without variations as variation ""', () => {
    const parsed = parseMlOrder(order({ order_items: [line({}, { variation_id: null })] }));
    expect(parsed?.lines[0]).toMatchObject({ variationId: '', variantName: null });
  });

  it.each([
    ['not an object', 'orden'],
    ['a list', [order()]],
    ['no id', order({ id: undefined })],
    ['no seller', order({ seller: null })],
    ['no lines', order({ order_items: [] })],
    ['51 lines', order({ order_items: Array.from({ length: 51 }, () => line()) })],
    ['an item of another site', order({ order_items: [line({}, { id: 'MLA123' })] })],
    ['cents', order({ order_items: [line({ unit_price: 15990.5 })] })],
    ['a negative price', order({ order_items: [line({ unit_price: -1 })] })],
    ['no units', order({ order_items: [line({ quantity: 0 })] })],
    ['units as text', order({ order_items: [line({ quantity: '2' })] })],
    ['too many units', order({ order_items: [line({ quantity: 10_000 })] })],
    ['a total past the limit', order({ order_items: [line({ unit_price: 999_999_999 })] })],
  ])('refuses %s', (_, data) => {
    expect(parseMlOrder(data)).toBeNull();
  });
});

describe('a notice', () => {
  const notice = {
    _id: 'd7b0',
    resource: '/orders/2000000000001',
    user_id: 1234567890,
    topic: 'orders_v2',
    application_id: 8412937465120034,
    attempts: 1,
  };

  it('names an order for orders_v2, nothing for another topic', () => {
    expect(parseNotice(notice)).toEqual({
      topic: 'orders_v2',
      userId: '1234567890',
      applicationId: '8412937465120034',
      orderId: '2000000000001',
    });
    expect(parseNotice({ ...notice, topic: 'items', resource: '/items/MLC1' })?.orderId).toBeNull();
    expect(parseNotice({ ...notice, resource: '/orders/2000000000001/x' })?.orderId).toBeNull();
  });

  it.each([
    ['null', null],
    ['a list', [notice]],
    ['no topic', { ...notice, topic: '' }],
    ['a user that is not a number', { ...notice, user_id: 'uno' }],
    ['no application', { ...notice, application_id: undefined }],
  ])('refuses %s', (_, data) => {
    expect(parseNotice(data)).toBeNull();
  });
});
