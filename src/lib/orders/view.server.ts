/** An order as the buyer and the seller see it. */
import type { NoRetractoReason } from '@/lib/shop/no-retracto';
import { asc, eq, inArray } from 'drizzle-orm';
import type { LegalEntity } from '@/lib/shop/legal-entity';
import { formatClp } from '@/lib/money';
import type { PickupPoint } from '@/lib/shop/delivery';
import { deliverySummary } from '@/lib/shop/delivery-quote';
import {
  comunaName,
  nextStatuses,
  STATUS_LABELS,
  trackingUrl,
  type DeliveryMethod,
  type InvoiceDetails,
  type OrderStatus,
} from '@/lib/orders/schemas';
import { type PaymentMethod } from '@/lib/shop/payment-methods';
import { timelineOf, type TimelineEntry } from '@/lib/orders/timeline.server';
import { receiptPath } from '@/lib/orders/urls';
import { shopAtSale, shopCheckout, type ShopCheckout } from '@/lib/shop/shop-checkout.server';
import type { Db } from '@/lib/server/db/client';
import type { Tx } from '@/lib/server/db/versioned';
import { orderItems, orders, sites } from '@/lib/server/db/schema';
import { isSalesChannel, type SalesChannel } from '@/lib/orders/channels';

export type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

/** An order as the API and the seller's pages show it (docs/design.md §7). */
export interface OrderView {
  id: number;
  number: string;
  status: OrderStatus;
  status_label: string;
  payment_method: PaymentMethod;
  /** Where it was sold: the shop, or a marketplace it was imported from (`orders/channels.ts`). */
  channel: SalesChannel;
  buyer: { name: string; email: string; phone: string };
  delivery: {
    method: 'retiro' | 'despacho';
    address: string | null;
    comuna: string | null;
    comuna_name: string | null;
    price: number;
    /** The estimate quoted at checkout: "2 a 4 días hábiles". */
    estimate: string | null;
    /** Where a pickup order is collected, as it was when ordered. */
    pickup_point: PickupPoint | null;
    /** The courier the buyer chose at checkout (`Starken`, through `shipit`); null: the shop's own. */
    courier: { provider: string; courier: string; name: string } | null;
  };
  /** The buyer's note to the shop. */
  notes: string | null;
  /** The buyer said yes to the shop's news and offers at checkout (Ley 21.719). */
  marketing_consent: boolean;
  /** When the buyer asked to withdraw (derecho a retracto); null: never. */
  retracto_requested_at: string | null;
  /** The discount code applied and what it took off the products. */
  discount: { code: string; amount: number } | null;
  /** The business a factura is for; null: the sale gets a boleta. */
  invoice: InvoiceDetails | null;
  /** Who sold, as the shop said when it was placed: its documents go out in that RUT's name. */
  sold_by: LegalEntity | null;
  items: {
    product: number | null;
    /** The variant bought and its name (`M / Rojo`); null for a product without options. */
    variant: number | null;
    variant_name: string | null;
    /** With the variant's name after the product's: `Polera (M / Rojo)`. */
    name: string;
    unit_price: number;
    quantity: number;
    total: number;
    /** Why this line has no derecho a retracto; null: it has one. */
    no_retracto: NoRetractoReason | null;
    /** Sold at a channel when Impulsa's stock had not enough: none was taken. */
    stock_short: boolean;
  }[];
  subtotal: number;
  total: number;
  site: number | null;
  paid_at: string | null;
  expires_at: string | null;
  reason: string | null;
  /**
   * The seller owes the buyer a refund by hand: paid at a provider after it lapsed with its stock
   * gone (`refund.state` null), or cancelled and the provider refused the refund (`refused`).
   */
  refund_due: boolean;
  /** The buyer's personal fields were erased (a data request, or the shop's account deleted). */
  buyer_anonymised: boolean;
  /** The seller's own note on an order she took: the seller's views only, never the buyer's. */
  seller_note: string | null;
  /** The provider's refund of a cancelled order: asked (`state` as the provider says) or refused. */
  refund: { state: string } | null;
  webpay: {
    authorization_code: string | null;
    card_last_digits: string | null;
    payment_type_code: string | null;
    installments_number: number | null;
  } | null;
  receipt_url: string;
  /** The shipment, once sent: its number, carrier and where to follow it. */
  tracking: { number: string | null; carrier: string | null; url: string | null } | null;
  next_statuses: OrderStatus[];
  /** Each status it reached, with the seller's notes (one order's page and the API's detail). */
  timeline?: TimelineEntry[];
  version: number;
  created_at: string;
  updated_at: string;
}

function refundState(payment: unknown): { state: string } | null {
  const refund = (payment as { refund?: { state?: string } } | null)?.refund;
  return refund ? { state: refund.state ?? '' } : null;
}

export function orderView(row: OrderRow, items: ItemRow[]): OrderView {
  // The provider's answer as the order stores it (`payments/providers/webpay/`).
  const result = row.webpay as OrderView['webpay'];
  const status = row.status as OrderStatus;
  return {
    id: row.id,
    number: row.number,
    status,
    status_label: STATUS_LABELS[status],
    payment_method: row.paymentMethod as PaymentMethod,
    channel: isSalesChannel(row.channel) ? row.channel : 'tienda',
    // A counter sale's buyer may stay unnamed: «Cliente».
    buyer: { name: row.buyerName || 'Cliente', email: row.buyerEmail, phone: row.buyerPhone },
    delivery: {
      method: row.deliveryMethod as 'retiro' | 'despacho',
      address: row.deliveryAddress,
      comuna: row.deliveryComuna,
      comuna_name: row.deliveryComuna ? (comunaName(row.deliveryComuna) ?? null) : null,
      price: row.deliveryPrice,
      estimate: row.deliveryEstimate,
      pickup_point: (row.pickupPoint as PickupPoint | null) ?? null,
      courier: courierOf(row.courier),
    },
    notes: row.notes,
    marketing_consent: row.marketingConsent,
    invoice: (row.invoice as InvoiceDetails | null) ?? null,
    sold_by: (row.soldBy as LegalEntity | null) ?? null,
    retracto_requested_at: row.retractoRequestedAt?.toISOString() ?? null,
    discount: row.discountCode ? { code: row.discountCode, amount: row.discountAmount } : null,
    items: items.map((i) => ({
      product: i.productId,
      variant: i.variantId,
      variant_name: i.variantName,
      no_retracto: (i.noRetracto as NoRetractoReason | null) ?? null,
      name: i.name,
      unit_price: i.unitPrice,
      quantity: i.quantity,
      total: i.unitPrice * i.quantity,
      stock_short: i.stockShort,
    })),
    subtotal: row.subtotal,
    total: row.total,
    site: row.siteId,
    paid_at: row.paidAt?.toISOString() ?? null,
    expires_at: row.status === 'pendiente_pago' ? (row.expiresAt?.toISOString() ?? null) : null,
    reason: row.reason,
    refund_due: row.refundDue,
    seller_note: row.sellerNote,
    buyer_anonymised: row.buyerAnonymisedAt !== null,
    refund: refundState(row.payment),
    webpay: result
      ? {
          authorization_code: result.authorization_code,
          card_last_digits: result.card_last_digits,
          payment_type_code: result.payment_type_code,
          installments_number: result.installments_number,
        }
      : null,
    receipt_url: row.origin + receiptPath(row.receiptToken),
    tracking:
      row.trackingNumber || row.carrier
        ? {
            number: row.trackingNumber,
            carrier: row.carrier,
            url: trackingUrl(row.carrier, row.trackingNumber),
          }
        : null,
    next_statuses: nextStatuses(
      status,
      row.paymentMethod as PaymentMethod,
      row.deliveryMethod as DeliveryMethod,
    ),
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function itemsOf(db: Db | Tx, orderIds: number[]): Promise<Map<number, ItemRow[]>> {
  const map = new Map<number, ItemRow[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return map;
  for (const item of await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.id)))
    map.get(item.orderId)!.push(item);
  return map;
}

/** The buyer's first WhatsApp message about an order: number, lines, total, delivery and its link. */
export function orderWhatsappText(order: OrderView, shopName: string): string {
  const lines = order.items.map((i) => `• ${i.quantity} × ${i.name} (${formatClp(i.total)})`);
  return [
    `Hola ${shopName}, hice el pedido ${order.number}:`,
    ...lines,
    `Total: ${formatClp(order.total)} (IVA incluido)`,
    deliverySummary(order.delivery),
    `A nombre de ${order.buyer.name}.`,
    ...(order.notes ? [`Nota: ${order.notes}`] : []),
    `Mi pedido: ${order.receipt_url}`,
  ].join('\n');
}

const RECEIPT_TOKEN = /^[A-Za-z0-9_-]{32}$/;

/** The id of the order behind a receipt link's token; null: none. */
export async function orderIdByReceipt(db: Db, token: string): Promise<number | null> {
  if (!RECEIPT_TOKEN.test(token)) return null;
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.receiptToken, token));
  return row?.id ?? null;
}

/**
 * What a feature above adds to an order's detail (its documents), read before the timeline: a line
 * another feature writes commits with its record, so what it shows always finds its line after it.
 */
export type OrderExtras<T> = (db: Db, row: OrderRow) => Promise<T>;

/** Nothing more than the order book's own view. */
export const noExtras: OrderExtras<Record<never, never>> = () => Promise.resolve({});

/** A buyer's order by its receipt link's token, with what `extras` adds; null: none. */
export async function orderByReceipt<T extends object>(
  db: Db,
  token: string,
  extras: OrderExtras<T>,
): Promise<{ order: OrderView & T; row: OrderRow; shop: ShopCheckout } | null> {
  if (!RECEIPT_TOKEN.test(token)) return null;
  const [row] = await db.select().from(orders).where(eq(orders.receiptToken, token));
  if (!row) return null;
  let siteWhatsapp: string | null = null;
  if (row.siteId)
    siteWhatsapp =
      (await db.select({ whatsapp: sites.whatsapp }).from(sites).where(eq(sites.id, row.siteId)))[0]
        ?.whatsapp ?? null;
  const shop = shopAtSale((await shopCheckout(db, row.sellerId, siteWhatsapp))!, row);
  const order = {
    ...orderView(row, (await itemsOf(db, [row.id])).get(row.id)!),
    ...(await extras(db, row)),
  };
  order.timeline = await timelineOf(db, row.id, row.createdAt);
  return { order, row, shop };
}

/** The courier an order records, read defensively (a JSON column). */
function courierOf(stored: unknown): OrderView['delivery']['courier'] {
  const c = stored as Record<string, unknown> | null;
  if (!c || typeof c.provider !== 'string' || typeof c.courier !== 'string') return null;
  return {
    provider: c.provider,
    courier: c.courier,
    name: typeof c.name === 'string' ? c.name : c.courier,
  };
}
