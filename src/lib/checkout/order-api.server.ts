/** What `POST /api/orders/` answers (docs/design.md §7): enough for a client to send the buyer on to pay. */
import type { CreatedOrder } from '@/lib/checkout/placing.server';

export function createdOrderBody({ order, whatsappUrl, redirect }: CreatedOrder) {
  return {
    id: order.id,
    number: order.number,
    total: order.total,
    status: order.status,
    receipt_url: order.receipt_url,
    ...(order.payment_method === 'webpay' ? { payment_url: `${order.receipt_url}#pagar` } : {}),
    // Flow: its own page, where the buyer pays.
    ...(redirect ? { payment_url: redirect } : {}),
    ...(whatsappUrl ? { whatsapp_url: whatsappUrl } : {}),
  };
}
