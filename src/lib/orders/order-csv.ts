/** The seller's orders as a spreadsheet: one line per order, as /ordenes filters them. Pure. */
import type { CsvValue } from '@/lib/csv';
import { chileDay } from '@/lib/dates';
import { PAYMENT_NAMES, STATUS_LABELS } from '@/lib/orders/schemas';
import type { OrderView } from '@/lib/orders/view.server';

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
export function orderCsvRows(orders: readonly OrderView[]): CsvValue[][] {
  return orders.map((o) => [
    o.number,
    chileDay(new Date(o.created_at)),
    STATUS_LABELS[o.status],
    o.buyer.name,
    o.buyer.email,
    o.buyer.phone,
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
