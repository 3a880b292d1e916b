/** The seller's orders as a spreadsheet: one line per order, as /ordenes filters them. Pure. */
import { csvPhone, type CsvValue } from '@/lib/csv';
import { chileDay } from '@/lib/dates';
import { STATUS_LABELS, type OrderStatus } from '@/lib/orders/schemas';
import { PAYMENT_NAMES, type PaymentMethod } from '@/lib/shop/payment-methods';

/** What a line of the file says of an order (the API's order view has it all). */
export interface OrderCsvFacts {
  number: string;
  created_at: string;
  status: OrderStatus;
  payment_method: PaymentMethod;
  buyer: { name: string; email: string; phone: string };
  items: { name: string; quantity: number }[];
  subtotal: number;
  discount: { amount: number } | null;
  total: number;
  delivery: { method: 'retiro' | 'despacho'; price: number; comuna_name: string | null };
}

export const ORDER_CSV_HEAD = [
  'Número',
  'Fecha',
  'Estado',
  'Nombre',
  'Correo',
  'Teléfono',
  'Productos',
  'Subtotal',
  'Descuento',
  'Despacho',
  'Total',
  'Medio de pago',
  'Entrega',
  'Comuna',
] as const;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Orders as CSV rows, amounts as plain pesos so a spreadsheet sums them. */
export function orderCsvRows(orders: readonly OrderCsvFacts[]): CsvValue[][] {
  return orders.map((o) => [
    o.number,
    chileDay(new Date(o.created_at)),
    STATUS_LABELS[o.status],
    o.buyer.name,
    o.buyer.email,
    csvPhone(o.buyer.phone),
    o.items.map((i) => `${i.quantity} × ${i.name}`).join(', '),
    o.subtotal,
    o.discount?.amount ?? 0,
    o.delivery.price,
    o.total,
    capitalised(PAYMENT_NAMES[o.payment_method]),
    o.delivery.method === 'despacho' ? 'Despacho' : 'Retiro',
    o.delivery.comuna_name ?? '',
  ]);
}
