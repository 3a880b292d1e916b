/**
 * «Solicitudes de datos» (issue 48): the seller is the controller of their buyers' data and must
 * answer a buyer's access, portability and erasure requests (Ley 21.719, 30 days). A buyer is found
 * by e-mail or phone among the seller's own orders only; their orders can be exported (JSON, CSV)
 * and their personal fields anonymised, while amounts and figures stay as they were.
 */
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { csvPhone, toCsv } from '@/lib/csv';
import { chileTimestamp } from '@/lib/dates';
import { forgetOptOuts } from '@/lib/marketing/opt-outs.server';
import { anonymiseBuyers } from '@/lib/orders/anonymise.server';
import { normalizePhone } from '@/lib/phone';
import type { Db } from '@/lib/server/db/client';
import { carts, orderItems, orders } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';

export const BUYER_QUERY_MESSAGE = 'Escribe el correo o el teléfono de la persona.';

/** Who is asking: an e-mail (lower case) or a phone (`+569…`), as orders store them. */
export type BuyerQuery = { email: string } | { phone: string };

/** Reads what the seller typed; anything that is neither an e-mail nor a phone is a 400. */
export function parseBuyerQuery(raw: string | null | undefined): BuyerQuery {
  const text = (raw ?? '').trim();
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text) && text.length <= 320)
    return { email: text.toLowerCase() };
  const phone = text.length <= 30 ? normalizePhone(text) : null;
  if (phone) return { phone };
  throw new HttpError(400, BUYER_QUERY_MESSAGE, { errors: { q: [BUYER_QUERY_MESSAGE] } });
}

/** The seller's orders of that buyer that still hold personal data. */
function buyerOrders(sellerId: number, query: BuyerQuery): SQL {
  const who =
    'email' in query
      ? eq(sql`lower(${orders.buyerEmail})`, query.email)
      : eq(orders.buyerPhone, query.phone);
  return and(eq(orders.sellerId, sellerId), isNull(orders.buyerAnonymisedAt), who)!;
}

/** One order as the buyer's data holds it. */
export interface BuyerOrder {
  number: string;
  created_at: string;
  status: string;
  total: number;
  buyer_name: string;
  buyer_email: string;
  buyer_phone: string;
  delivery_method: string;
  delivery_address: string | null;
  delivery_comuna: string | null;
  notes: string | null;
  marketing_consent: boolean;
  items: { name: string; variant_name: string | null; quantity: number; unit_price: number }[];
}

/** Everything the seller holds about the buyer: their orders, oldest first, with their lines. */
export async function findBuyer(
  db: Db,
  sellerId: number,
  query: BuyerQuery,
): Promise<BuyerOrder[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(buyerOrders(sellerId, query))
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(500);
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderItems.id));
  return rows.map((o) => ({
    number: o.number,
    created_at: chileTimestamp(o.createdAt),
    status: o.status,
    total: o.total,
    buyer_name: o.buyerName,
    buyer_email: o.buyerEmail,
    buyer_phone: o.buyerPhone,
    delivery_method: o.deliveryMethod,
    delivery_address: o.deliveryAddress,
    delivery_comuna: o.deliveryComuna,
    notes: o.notes,
    marketing_consent: o.marketingConsent,
    items: lines
      .filter((l) => l.orderId === o.id)
      .map((l) => ({
        name: l.name,
        variant_name: l.variantName,
        quantity: l.quantity,
        unit_price: l.unitPrice,
      })),
  }));
}

/** The buyer's orders as a CSV, one line per order line (`lib/csv.ts`). */
export function buyerCsv(found: BuyerOrder[]): string {
  return toCsv(
    [
      'pedido',
      'fecha',
      'estado',
      'total_clp',
      'nombre',
      'correo',
      'telefono',
      'entrega',
      'direccion',
      'comuna',
      'nota',
      'acepta_publicidad',
      'producto',
      'variante',
      'cantidad',
      'precio_unitario_clp',
    ],
    found.flatMap((o) =>
      o.items.map((item) => [
        o.number,
        o.created_at,
        o.status,
        o.total,
        o.buyer_name,
        o.buyer_email,
        csvPhone(o.buyer_phone),
        o.delivery_method,
        o.delivery_address,
        o.delivery_comuna,
        o.notes,
        o.marketing_consent ? 'sí' : 'no',
        item.name,
        item.variant_name,
        item.quantity,
        item.unit_price,
      ]),
    ),
  );
}

/**
 * Anonymises the buyer in the seller's orders, and deletes the carts in the seller's shop where
 * they typed that address or phone and their «no more publicity» (with no orders left in their
 * name, nothing is sent to them); returns how many orders changed (0: none held data).
 */
export async function anonymiseBuyer(db: Db, sellerId: number, query: BuyerQuery): Promise<number> {
  const typed =
    'email' in query
      ? sql`lower(${carts.buyer} ->> 'buyer.email') = ${query.email}`
      : // Typed as the buyer wrote it (`9 8765 4321`): its last nine digits are the number.
        sql`right(regexp_replace(${carts.buyer} ->> 'buyer.phone', '[^0-9]', '', 'g'), 9) =
          ${query.phone.replace(/[^0-9]/g, '').slice(-9)}`;
  await db.delete(carts).where(and(eq(carts.sellerId, sellerId), typed));
  const emails = await db
    .selectDistinct({ email: sql<string>`lower(trim(${orders.buyerEmail}))` })
    .from(orders)
    .where(buyerOrders(sellerId, query));
  await forgetOptOuts(db, sellerId, [
    ...emails.map((e) => e.email),
    ...('email' in query ? [query.email] : []),
  ]);
  return anonymiseBuyers(db, buyerOrders(sellerId, query));
}
