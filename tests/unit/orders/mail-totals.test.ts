/** Both parts of every order mail read the same lines, and they add up to the total. */
import { describe, expect, it } from 'vitest';
import { orderMails, statusMail } from '@/lib/orders/mails.server';
import type { OrderView } from '@/lib/orders/view.server';
import type { ShopCheckout } from '@/lib/shop/shop-checkout.server';
import { parseClp } from '@/lib/money';

const order = {
  id: 7,
  number: 'AB12-CD34',
  status: 'pendiente_pago',
  status_label: 'Pendiente de pago',
  payment_method: 'transferencia',
  channel: 'tienda',
  buyer: { name: 'Camila Soto', email: 'camila@ejemplo.cl', phone: '+56987654321' },
  delivery: {
    method: 'despacho',
    address: 'Los Aromos 55',
    comuna: '05101',
    comuna_name: 'Valparaíso',
    price: 3990,
    estimate: null,
    pickup_point: null,
    courier: null,
  },
  notes: null,
  marketing_consent: false,
  invoice: null,
  sold_by: null,
  retracto_requested_at: null,
  discount: { code: 'VERANO-10', amount: 4617 },
  items: [
    {
      product: 1,
      variant: null,
      variant_name: null,
      name: 'Torta de mil hojas',
      unit_price: 18990,
      quantity: 2,
      total: 37980,
      no_retracto: null,
      stock_short: false,
    },
    {
      product: 2,
      variant: null,
      variant_name: null,
      name: 'Pan amasado',
      unit_price: 2730,
      quantity: 3,
      total: 8190,
      no_retracto: null,
      stock_short: false,
    },
  ],
  subtotal: 46170,
  total: 46170 - 4617 + 3990,
  site: null,
  paid_at: null,
  expires_at: '2026-11-27T15:00:00Z',
  reason: null,
  refund_due: false,
  refund: null,
  seller_note: null,
  buyer_anonymised: false,
  webpay: null,
  receipt_url: 'https://impulsa.cl/pay/orden/x',
  tracking: null,
  next_statuses: [],
  version: 1,
  created_at: '2026-11-26T15:00:00Z',
  updated_at: '2026-11-26T12:00:00Z',
} satisfies OrderView;

const shop = {
  sellerId: 3,
  name: 'Dulces Rosa',
  email: 'rosa@ejemplo.cl',
  notifyEmail: 'rosa@ejemplo.cl',
  whatsapp: null,
  transferDetails: 'Banco Estado 123',
  delivery: {} as ShopCheckout['delivery'],
  shipFrom: null,
  holdHours: 24,
  holdShare: 50,
  paymentMethods: ['transferencia'],
  legal: null,
  identified: false,
  closed: false,
} satisfies ShopCheckout;

/** The HTML part's table rows: each label and its amount in pesos. */
function htmlRows(html: string): { label: string; amount: number }[] {
  return [...html.matchAll(/<tr><td[^>]*>(.*?)<\/td><td[^>]*>(-?)\$([\d.]+)<\/td><\/tr>/g)].map(
    ([, label, sign, digits]) => ({
      label: label!,
      amount: (sign ? -1 : 1) * parseClp(digits!)!,
    }),
  );
}

describe('order mails', () => {
  it.each([
    ['the buyer', orderMails(order, shop)[0]!],
    ['the seller', orderMails(order, shop)[1]!],
    ['a status', statusMail({ ...order, status: 'preparando' }, shop, null)],
  ])(
    '%s: the HTML lines add up to the total, the discount included, as the text says',
    (_, mail) => {
      const rows = htmlRows(mail.html);
      const total = rows.at(-1)!;
      expect(total).toEqual({ label: 'Total (IVA incluido)', amount: 45543 });
      expect(rows.slice(0, -1).reduce((sum, r) => sum + r.amount, 0)).toBe(total.amount);
      expect(rows.map((r) => r.label)).toContain('Descuento (VERANO-10)');
      expect(mail.text).toContain('Descuento (VERANO-10): -$4.617');
      expect(mail.text).toContain('Total (IVA incluido): $45.543');
    },
  );

  it('a transfer says how long the products are held, and until when, in Chile', () => {
    const [buyerMail] = orderMails(order, shop);
    expect(buyerMail!.text).toContain(
      'Te guardamos los productos por 24 horas, hasta el 27 de noviembre de 2026',
    );
    expect(buyerMail!.text).toMatch(/12:00|12\.00/);
  });
});
