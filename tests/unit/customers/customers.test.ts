import { describe, expect, it } from 'vitest';
import { codeWhatsappText, customerCsvRows, customerSearchText } from '@/lib/customers/customers';

describe('customerSearchText', () => {
  it.each([
    ['  José NÚÑEZ ', 'jose nunez'],
    ['pan\u0000amasado', 'panamasado'],
    ['x'.repeat(150), 'x'.repeat(100)],
    [null, ''],
  ])('%j → %j', (raw, expected) => {
    expect(customerSearchText(raw)).toBe(expected);
  });
});

describe('customerCsvRows', () => {
  it('writes the day in Chile, yes/no for consent and pesos as plain numbers', () => {
    const [row] = customerCsvRows([
      {
        key: 'k',
        name: 'Ana',
        email: 'ana@ejemplo.cl',
        phone: '+56911112222',
        comuna: '13101',
        comuna_name: 'Santiago',
        marketing_consent: true,
        opted_out_at: null,
        orders: 3,
        purchases: 2,
        total_spent: 25980,
        last_order_at: '2026-11-27T02:30:00.000Z',
        // 23:30 of the 26th in Santiago (UTC−3 in summer).
        last_purchase_at: '2026-11-27T02:30:00.000Z',
      },
    ]);
    expect(row).toEqual([
      'Ana',
      'ana@ejemplo.cl',
      '56 9 1111 2222',
      'Santiago',
      'Sí',
      '3',
      '2',
      '25980',
      '2026-11-26',
    ]);
  });
});

describe('codeWhatsappText', () => {
  it('greets by first name and names the code and the shop', () => {
    expect(codeWhatsappText('Marta Díaz', 'VUELVE10', 'Cerámica Ana')).toBe(
      'Hola Marta, gracias por comprar en Cerámica Ana. Te regalamos el código VUELVE10 para tu próxima compra.',
    );
  });
});
