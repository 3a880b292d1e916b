/**
 * An order the seller takes (issue 51): agreed in an Instagram or WhatsApp chat, or sold face to
 * face. It is placed as a buyer's order is (`createOrder`: the products' prices now, the stock
 * held, the discount, the zone's delivery price unless the seller sets another with its reason),
 * then either waits for its payment like any transfer or WhatsApp order, with a receipt link the
 * seller sends, or, «Venta en persona», is paid at once: stock, figures and the boleta follow.
 */
import { buyerMessage } from '@/lib/orders/buyer-message';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatClp } from '@/lib/money';
import { settle } from '@/lib/payments/settle.server';
import { createOrder } from '@/lib/checkout/placing.server';
import { IN_PERSON_NAMES, type InPersonMethod, type ManualOrderInput } from '@/lib/orders/schemas';
import { receiptPath } from '@/lib/orders/urls';
import { recordEvent } from '@/lib/orders/timeline.server';
import { itemsOf, orderView, type OrderRow, type OrderView } from '@/lib/orders/view.server';
import { shopCheckout } from '@/lib/shop/shop-checkout.server';
import { whatsappLink } from '@/lib/shop/whatsapp';
import type { Db } from '@/lib/server/db/client';
import { orders, products } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';

export const NOT_YOUR_PRODUCT = 'Ese producto no está entre tus productos publicados.';

export interface ManualOrder {
  order: OrderView;
  /** The buyer's page: what they bought, how to pay, their receipt. */
  receipt_url: string;
  /** A wa.me link to the buyer with the order and its link written (null: no phone). */
  whatsapp_url: string | null;
}

/**
 * A counter sale's products left with its buyer: paid becomes «entregado» at once, with how it was
 * paid and who sold it (the day's cierre de caja reads both).
 */
async function handOver(
  db: Db,
  row: OrderRow,
  method: InPersonMethod,
  by: number | null,
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const [moved] = await tx
      .update(orders)
      .set({
        status: 'entregado',
        counterMethod: method,
        counterBy: by,
        version: sql`${orders.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(orders.id, row.id), eq(orders.status, 'pagado')))
      .returning();
    if (moved)
      await recordEvent(tx, row.id, 'entregado', 'Entregado en el momento de la venta.', by);
    return moved ?? row;
  });
}

/** Places `input` as `sellerId`'s order; another seller's product is a 404, as if it did not exist. */
export async function createManualOrder(
  db: Db,
  sellerId: number,
  input: ManualOrderInput,
  /** Who in the shop takes it (issue 67): the owner or a member. */
  by: number | null = null,
): Promise<ManualOrder> {
  const ids = [...new Set(input.items.map((i) => i.product))];
  const own = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(inArray(products.id, ids), eq(products.userId, sellerId), eq(products.published, true)),
    );
  if (own.length !== ids.length) throw new HttpError(404, NOT_YOUR_PRODUCT);
  const shop = await shopCheckout(db, sellerId);
  if (!shop) throw new HttpError(404, NOT_YOUR_PRODUCT);
  // The seller's own words: why the delivery costs what it does, and her note. Never the buyer's.
  const adjusted =
    input.delivery_price === undefined
      ? null
      : `Despacho a ${formatClp(input.delivery_price)}: ${input.delivery_reason}`;
  const sellerNote = [input.notes, adjusted].filter(Boolean).join('\n').slice(0, 500) || null;
  const created = await createOrder(
    db,
    {
      items: input.items,
      buyer: input.buyer,
      delivery: input.delivery,
      payment_method: input.in_person
        ? 'en_persona'
        : shop.paymentMethods.includes('transferencia')
          ? 'transferencia'
          : 'whatsapp',
      discount_code: input.discount_code,
    },
    { bySeller: { deliveryPrice: input.delivery_price, note: sellerNote } },
  );
  let row = created.row;
  // Paid and handed over before the buyer left: born «entregado», its boleta on the way. The
  // confirmation mail, rendered when it goes, says so (and goes only to a buyer who left an address).
  if (input.in_person) {
    row = (
      await settle(db, row, {
        status: 'pagado',
        reason: `Venta en persona: ${IN_PERSON_NAMES[input.in_person]}.`,
        mail: false,
      })
    ).row;
    row = await handOver(db, row, input.in_person, by);
  }
  const order = orderView(row, (await itemsOf(db, [row.id])).get(row.id)!);
  const receipt = row.origin + receiptPath(row.receiptToken);
  const message = buyerMessage(
    { ...row, shopName: shop.name, link: receipt },
    input.in_person ? 'paid' : 'pay',
  );
  return {
    order,
    receipt_url: receipt,
    whatsapp_url: row.buyerPhone ? whatsappLink(row.buyerPhone, message) : null,
  };
}
