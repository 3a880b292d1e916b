/**
 * Orders: created from a buyer's items with the server's prices and stock (taken atomically, so
 * two buyers of the last unit never both get it), paid through Webpay (committed once, however
 * many times the buyer's browser returns), by transfer or over WhatsApp, and moved by the seller
 * through its statuses. Stock held by an order goes back when it is cancelled, rejected, or left
 * unpaid past its time.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { formatClp } from '@/lib/money';
import {
  comunaName,
  formatOrderNumber,
  mergeItems,
  nextStatuses,
  ORDER_STATUSES,
  SOLD_STATUSES,
  STATUS_LABELS,
  type OrderCreateInput,
  type OrderStatus,
  type PaymentMethod,
} from '@/lib/orders/schemas';
import { receiptPath, PAY_PATHS } from '@/lib/orders/urls';
import { isApproved, webpay, type WebpayResult } from '@/lib/orders/webpay.server';
import { orderMails } from '@/lib/orders/mails.server';
import { shopTags } from '@/lib/shop/urls';
import { whatsappLink } from '@/lib/shop/whatsapp';
import { invalidate } from '@/lib/server/cache/page-cache';
import { orderHoldHours, orderRateLimit, siteUrl, webpaySettings } from '@/lib/server/config';
import { hit, type RateRule } from '@/lib/accounts/rate-limit.server';
import { siteView } from '@/lib/sites/sites.server';
import type { Db } from '@/lib/server/db/client';
import type { Tx } from '@/lib/server/db/versioned';
import { isUniqueViolation } from '@/lib/server/db/errors';
import { listPage, type JsonPart } from '@/lib/server/db/queries';
import { orderItems, orders, products, sites, stores, users } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';
import { sendMail } from '@/lib/server/mail/mailer';
import { log } from '@/lib/server/log';

export type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

/** The largest total an order may have (Webpay's amounts are integers; ours stay far below int32). */
export const MAX_TOTAL = 999_999_999;
/** How long a Webpay order waits for its payment before its stock goes back. */
export const WEBPAY_HOLD_MINUTES = 30;

export const ORDER_NOT_FOUND = 'Esa orden no existe.';

/** Orders hold stock: one address may place only so many an hour (a person buys a few; a script that holds a shop's stock does not). */
const orderRate = (): RateRule => ({
  name: 'order:ip',
  windowSeconds: 60 * 60,
  limit: orderRateLimit(),
});

/** An order as the API and the seller's pages show it (docs/design.md §7). */
export interface OrderView {
  id: number;
  number: string;
  status: OrderStatus;
  status_label: string;
  payment_method: PaymentMethod;
  buyer: { name: string; email: string; phone: string };
  delivery: {
    method: 'retiro' | 'despacho';
    address: string | null;
    comuna: string | null;
    comuna_name: string | null;
    price: number;
  };
  items: {
    product: number | null;
    name: string;
    unit_price: number;
    quantity: number;
    total: number;
  }[];
  subtotal: number;
  total: number;
  site: number | null;
  paid_at: string | null;
  expires_at: string | null;
  reason: string | null;
  webpay: {
    authorization_code: string | null;
    card_last_digits: string | null;
    payment_type_code: string | null;
    installments_number: number | null;
  } | null;
  receipt_url: string;
  next_statuses: OrderStatus[];
  version: number;
  created_at: string;
  updated_at: string;
}

export function orderView(row: OrderRow, items: ItemRow[]): OrderView {
  const result = row.webpay as WebpayResult | null;
  const status = row.status as OrderStatus;
  return {
    id: row.id,
    number: row.number,
    status,
    status_label: STATUS_LABELS[status],
    payment_method: row.paymentMethod as PaymentMethod,
    buyer: { name: row.buyerName, email: row.buyerEmail, phone: row.buyerPhone },
    delivery: {
      method: row.deliveryMethod as 'retiro' | 'despacho',
      address: row.deliveryAddress,
      comuna: row.deliveryComuna,
      comuna_name: row.deliveryComuna ? (comunaName(row.deliveryComuna) ?? null) : null,
      price: row.deliveryPrice,
    },
    items: items.map((i) => ({
      product: i.productId,
      name: i.name,
      unit_price: i.unitPrice,
      quantity: i.quantity,
      total: i.unitPrice * i.quantity,
    })),
    subtotal: row.subtotal,
    total: row.total,
    site: row.siteId,
    paid_at: row.paidAt?.toISOString() ?? null,
    expires_at: row.status === 'pendiente_pago' ? (row.expiresAt?.toISOString() ?? null) : null,
    reason: row.reason,
    webpay: result
      ? {
          authorization_code: result.authorization_code,
          card_last_digits: result.card_last_digits,
          payment_type_code: result.payment_type_code,
          installments_number: result.installments_number,
        }
      : null,
    receipt_url: row.origin + receiptPath(row.receiptToken),
    next_statuses: nextStatuses(status, row.paymentMethod as PaymentMethod),
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function itemsOf(db: Db | Tx, orderIds: number[]): Promise<Map<number, ItemRow[]>> {
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

/** What a shop offers at checkout: its name, delivery, and the payment methods it can take. */
export interface ShopCheckout {
  sellerId: number;
  name: string;
  email: string;
  whatsapp: string | null;
  transferDetails: string;
  pickupAddress: string;
  deliveryPrice: number | null;
  paymentMethods: PaymentMethod[];
}

export async function shopCheckout(
  db: Db | Tx,
  sellerId: number,
  siteWhatsapp: string | null = null,
): Promise<ShopCheckout | null> {
  const [row] = await db
    .select({ user: users, store: stores })
    .from(users)
    .leftJoin(stores, eq(stores.userId, users.id))
    .where(eq(users.id, sellerId));
  if (!row) return null;
  const whatsapp = siteWhatsapp ?? row.store?.whatsapp ?? null;
  const transferDetails = row.store?.transferDetails.trim() ?? '';
  // Offered when configured: asking does not need a client.
  const paymentMethods: PaymentMethod[] = [
    ...(webpaySettings() ? ['webpay' as const] : []),
    ...(transferDetails ? ['transferencia' as const] : []),
    ...(whatsapp ? ['whatsapp' as const] : []),
  ];
  return {
    sellerId,
    name: row.store?.name || row.user.fullName,
    email: row.store?.contactEmail || row.user.email,
    whatsapp,
    transferDetails,
    pickupAddress: row.store?.pickupAddress.trim() ?? '',
    deliveryPrice: row.store?.deliveryPrice ?? null,
    paymentMethods,
  };
}

/** Lines priced by the server: each product's current name and price, in the buyer's order. */
export interface PricedLine {
  product: number;
  name: string;
  price: number;
  quantity: number;
  stock: number | null;
}

/**
 * The buyer's items as the server sees them: published products of one seller, at their price.
 * Field errors in Spanish for anything else (under `items`).
 */
export async function priceItems(
  db: Db | Tx,
  items: { product: number; quantity: number }[],
): Promise<{ sellerId: number; lines: PricedLine[] }> {
  const merged = mergeItems(items);
  const rows = await db
    .select({
      id: products.id,
      userId: products.userId,
      name: products.name,
      price: products.price,
      stock: products.stock,
      published: products.published,
    })
    .from(products)
    .where(
      inArray(
        products.id,
        merged.map((i) => i.product),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const problems: string[] = [];
  for (const item of merged) {
    const row = byId.get(item.product);
    if (!row || !row.published)
      problems.push(
        row ? `«${row.name}» ya no está a la venta.` : 'Uno de los productos ya no existe.',
      );
  }
  if (problems.length) throw new HttpError(400, problems[0]!, { errors: { items: problems } });
  const sellers = new Set(rows.map((r) => r.userId));
  if (sellers.size > 1)
    throw new HttpError(400, 'Todos los productos de un pedido deben ser de la misma tienda.', {
      errors: { items: ['Todos los productos de un pedido deben ser de la misma tienda.'] },
    });
  return {
    sellerId: rows[0]!.userId,
    lines: merged.map((i) => {
      const row = byId.get(i.product)!;
      return {
        product: row.id,
        name: row.name,
        price: row.price,
        quantity: i.quantity,
        stock: row.stock,
      };
    }),
  };
}

/** Takes `lines` from stock in one statement per product; a product without enough left aborts the transaction with a 409. */
async function takeStock(tx: Tx, lines: PricedLine[]): Promise<void> {
  for (const line of [...lines].sort((a, b) => a.product - b.product)) {
    const [row] = await tx
      .update(products)
      .set({
        stock: sql`${products.stock} - ${line.quantity}`,
        version: sql`${products.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(products.id, line.product),
          eq(products.published, true),
          isNotNull(products.stock),
          sql`${products.stock} >= ${line.quantity}`,
        ),
      )
      .returning({ id: products.id });
    if (row || line.stock === null) continue;
    const [left] = await tx
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, line.product));
    const remaining = left?.stock ?? 0;
    const message =
      remaining <= 0
        ? `«${line.name}» se agotó mientras comprabas.`
        : `De «${line.name}» quedan solo ${remaining === 1 ? '1 unidad' : `${remaining} unidades`}.`;
    throw new HttpError(409, message, {
      errors: { items: [message] },
      body: { product: line.product, available: Math.max(0, remaining) },
    });
  }
}

/** Gives an order's units back, once (a second call finds `stockHeld` already false). */
async function releaseStock(tx: Tx, orderId: number): Promise<number[]> {
  const [held] = await tx
    .update(orders)
    .set({ stockHeld: false })
    .where(and(eq(orders.id, orderId), eq(orders.stockHeld, true)))
    .returning({ id: orders.id });
  if (!held) return [];
  const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  const touched: number[] = [];
  for (const line of lines) {
    if (line.productId === null) continue;
    const [row] = await tx
      .update(products)
      .set({
        stock: sql`${products.stock} + ${line.quantity}`,
        version: sql`${products.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(products.id, line.productId), isNotNull(products.stock)))
      .returning({ id: products.id });
    if (row) touched.push(row.id);
  }
  return touched;
}

/** Product pages and catalogues show stock: drop them from the render cache. */
async function stockChanged(sellerId: number, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  await invalidate(...productIds.map((id) => shopTags.product(id)), shopTags.catalogue(sellerId));
}

/** The buyer's first WhatsApp message about an order: number, lines, total and delivery. */
export function orderWhatsappText(order: OrderView, shopName: string): string {
  const lines = order.items.map((i) => `• ${i.quantity} × ${i.name} (${formatClp(i.total)})`);
  const delivery =
    order.delivery.method === 'despacho'
      ? `Despacho a ${order.delivery.address}${order.delivery.comuna_name ? `, ${order.delivery.comuna_name}` : ''}`
      : 'Retiro en tienda';
  return [
    `Hola ${shopName}, hice el pedido ${order.number}:`,
    ...lines,
    `Total: ${formatClp(order.total)} (IVA incluido)`,
    delivery,
    `A nombre de ${order.buyer.name}.`,
  ].join('\n');
}

export interface CreatedOrder {
  order: OrderView;
  row: OrderRow;
  shop: ShopCheckout;
  /** Webpay's form and token, for a Webpay order. */
  webpayForm?: { url: string; token: string };
  whatsappUrl?: string;
}

/**
 * Creates an order. `origin`: where the buyer is (a site's origin or the app's), for the receipt
 * link and Webpay's return. `hostSiteId`: the site whose host took the order, if any (then the
 * items must be its seller's).
 */
export async function createOrder(
  db: Db,
  input: OrderCreateInput,
  context: { origin?: string; hostSiteId?: number | null; clientIp?: string } = {},
): Promise<CreatedOrder> {
  await hit(db, orderRate(), context.clientIp ?? 'unknown');
  const { sellerId, lines } = await priceItems(db, input.items);
  const siteId = input.site ?? context.hostSiteId ?? null;
  let siteWhatsapp: string | null = null;
  let origin = context.origin ?? siteUrl().origin;
  if (siteId !== null) {
    const [site] = await db.select().from(sites).where(eq(sites.id, siteId));
    if (!site || !site.published || site.userId !== sellerId)
      throw new HttpError(400, 'Ese sitio no existe.', {
        errors: { site: ['Ese sitio no existe.'] },
      });
    siteWhatsapp = site.whatsapp;
    origin = context.origin ?? siteView(site).url;
  }
  const shop = (await shopCheckout(db, sellerId, siteWhatsapp))!;
  if (input.delivery.method === 'despacho' && shop.deliveryPrice === null)
    throw new HttpError(400, 'Esta tienda no hace despachos: elige retiro.', {
      errors: { 'delivery.method': ['Esta tienda no hace despachos: elige retiro.'] },
    });
  if (!shop.paymentMethods.includes(input.payment_method))
    throw new HttpError(400, 'Esta tienda no recibe ese medio de pago.', {
      errors: { payment_method: ['Esta tienda no recibe ese medio de pago.'] },
    });
  const deliveryPrice = input.delivery.method === 'despacho' ? shop.deliveryPrice! : 0;
  const subtotal = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
  const total = subtotal + deliveryPrice;
  if (total > MAX_TOTAL)
    throw new HttpError(400, `El total no puede pasar de ${formatClp(MAX_TOTAL)}.`, {
      errors: { items: [`El total no puede pasar de ${formatClp(MAX_TOTAL)}.`] },
    });
  const holdMs =
    input.payment_method === 'webpay' ? WEBPAY_HOLD_MINUTES * 60_000 : orderHoldHours() * 3_600_000;

  let row: OrderRow | undefined;
  for (let attempt = 0; !row; attempt++) {
    try {
      row = await db.transaction(async (tx) => {
        await takeStock(tx, lines);
        const [inserted] = await tx
          .insert(orders)
          .values({
            sellerId,
            siteId,
            number: formatOrderNumber(randomBytes(8)),
            status: 'pendiente_pago',
            paymentMethod: input.payment_method,
            buyerName: input.buyer.name,
            buyerEmail: input.buyer.email,
            buyerPhone: input.buyer.phone,
            deliveryMethod: input.delivery.method,
            deliveryAddress: input.delivery.method === 'despacho' ? input.delivery.address! : null,
            deliveryComuna:
              input.delivery.method === 'despacho' && input.delivery.comuna
                ? input.delivery.comuna
                : null,
            deliveryPrice,
            subtotal,
            total,
            receiptToken: randomBytes(24).toString('base64url'),
            expiresAt: new Date(Date.now() + holdMs),
            origin,
            webpayState: input.payment_method === 'webpay' ? 'created' : null,
          })
          .returning();
        await tx.insert(orderItems).values(
          lines.map((l) => ({
            orderId: inserted!.id,
            productId: l.product,
            name: l.name,
            unitPrice: l.price,
            quantity: l.quantity,
          })),
        );
        return inserted!;
      });
    } catch (error) {
      // Two orders drew the same number (1 in 850 billion): draw again.
      if (attempt < 2 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
  await stockChanged(
    sellerId,
    lines.filter((l) => l.stock !== null).map((l) => l.product),
  );
  const items = (await itemsOf(db, [row.id])).get(row.id)!;

  if (input.payment_method === 'webpay') {
    const client = webpay()!;
    const orderId = row.id;
    try {
      const created = await client.create(
        row.number.replace('-', ''),
        `o${orderId}`,
        total,
        origin + PAY_PATHS.webpayReturn,
      );
      const [saved] = await db
        .update(orders)
        .set({ webpayToken: created.token, webpayUrl: created.url, updatedAt: sql`now()` })
        .where(eq(orders.id, orderId))
        .returning();
      return { order: orderView(saved!, items), row: saved!, shop, webpayForm: created };
    } catch (error) {
      log.error('webpay create failed', {
        order: orderId,
        error: error instanceof Error ? error.message : String(error),
      });
      await settle(db, orderId, {
        status: 'rechazado',
        reason: 'No pudimos conectar con Webpay. No se hizo ningún cargo.',
      });
      throw new HttpError(
        502,
        'No pudimos conectar con Webpay. Intenta de nuevo en unos minutos o elige otro medio de pago.',
      );
    }
  }
  const order = orderView(row, items);
  void notify(order, shop);
  return {
    order,
    row,
    shop,
    whatsappUrl:
      input.payment_method === 'whatsapp' && shop.whatsapp
        ? whatsappLink(shop.whatsapp, orderWhatsappText(order, shop.name))
        : undefined,
  };
}

/**
 * Sends the buyer's confirmation and the seller's notice after the order is answered: a slow or
 * unreachable mail server never holds up a checkout, and a mail that fails is logged.
 */
async function notify(order: OrderView, shop: ShopCheckout): Promise<void> {
  for (const mail of orderMails(order, shop)) {
    try {
      await sendMail(mail);
    } catch (error) {
      log.error('order mail failed', {
        order: order.id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
}

/**
 * Moves a pending order to its end: paid, rejected or cancelled (the last two give the stock
 * back). Only a pending order moves, so a second call changes nothing; returns the row as it is.
 */
async function settle(
  db: Db,
  orderId: number,
  to: { status: 'pagado' | 'rechazado' | 'cancelado'; reason?: string; webpay?: WebpayResult },
): Promise<{ row: OrderRow; changed: boolean }> {
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({
        status: to.status,
        reason: to.reason ?? null,
        ...(to.webpay ? { webpay: to.webpay } : {}),
        ...(to.status === 'pagado' ? { paidAt: sql`now()`, expiresAt: null } : {}),
        webpayState: sql`case when ${orders.webpayState} is null then null else 'done' end`,
        version: sql`${orders.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'pendiente_pago')))
      .returning();
    if (!row)
      return {
        row: (await tx.select().from(orders).where(eq(orders.id, orderId)))[0]!,
        changed: false,
        released: [] as number[],
      };
    const released = to.status === 'pagado' ? [] : await releaseStock(tx, orderId);
    return { row, changed: true, released };
  });
  await stockChanged(outcome.row.sellerId, outcome.released);
  if (outcome.changed && to.status === 'pagado') {
    const shop = await shopCheckout(db, outcome.row.sellerId);
    if (shop)
      void notify(orderView(outcome.row, (await itemsOf(db, [orderId])).get(orderId)!), shop);
  }
  return { row: outcome.row, changed: outcome.changed };
}

/** The result of a commit or a status call, applied to its order. */
async function applyWebpay(db: Db, row: OrderRow, result: WebpayResult): Promise<OrderRow> {
  if (isApproved(result, row.total))
    return (await settle(db, row.id, { status: 'pagado', webpay: result })).row;
  if (result.status === 'INITIALIZED') return row;
  const code = result.response_code === null ? '' : ` (código ${result.response_code})`;
  return (
    await settle(db, row.id, {
      status: 'rechazado',
      webpay: result,
      reason: `Webpay rechazó el pago${code}. No se hizo ningún cargo.`,
    })
  ).row;
}

/** What Webpay sent back to `/pay/return` (GET query or POST form). */
export interface WebpayReturn {
  token_ws?: string | null;
  TBK_TOKEN?: string | null;
  TBK_ORDEN_COMPRA?: string | null;
  TBK_ID_SESION?: string | null;
}

export type ReturnOutcome = 'paid' | 'rejected' | 'aborted' | 'timeout' | 'pending' | 'unknown';

const outcomeOf = (row: OrderRow): ReturnOutcome =>
  row.status === 'pendiente_pago'
    ? 'pending'
    : row.status === 'rechazado' || row.status === 'cancelado'
      ? 'rejected'
      : 'paid';

/**
 * Webpay's return: commits the transaction once. A reload, a second tab or the same token sent
 * again finds the order settled, or being committed by another request, and commits nothing.
 * The buyer's "Anular" (`TBK_TOKEN`) and Webpay's timeout (`TBK_ORDEN_COMPRA` alone) reject the
 * order without a commit.
 */
export async function webpayReturn(
  db: Db,
  params: WebpayReturn,
): Promise<{ outcome: ReturnOutcome; row: OrderRow | null }> {
  const client = webpay();
  const find = async (where: ReturnType<typeof eq>) =>
    (
      await db
        .select()
        .from(orders)
        .where(and(where, eq(orders.paymentMethod, 'webpay')))
    )[0] ?? null;
  if (params.TBK_TOKEN) {
    const row = await find(eq(orders.webpayToken, params.TBK_TOKEN));
    if (!row) return { outcome: 'unknown', row: null };
    if (row.status !== 'pendiente_pago') return { outcome: outcomeOf(row), row };
    const settled = await settle(db, row.id, {
      status: 'rechazado',
      reason: 'Anulaste el pago en Webpay. No se hizo ningún cargo.',
    });
    return { outcome: settled.changed ? 'aborted' : outcomeOf(settled.row), row: settled.row };
  }
  if (params.token_ws) {
    const row = await find(eq(orders.webpayToken, params.token_ws));
    if (!row || !client) return { outcome: 'unknown', row };
    if (row.status !== 'pendiente_pago') return { outcome: outcomeOf(row), row };
    const [claimed] = await db
      .update(orders)
      .set({ webpayState: 'committing', updatedAt: sql`now()` })
      .where(and(eq(orders.id, row.id), eq(orders.webpayState, 'created')))
      .returning();
    if (!claimed) {
      const settled = await waitSettled(db, row.id);
      return { outcome: outcomeOf(settled), row: settled };
    }
    const settled = await commitOrReconcile(db, claimed);
    return { outcome: outcomeOf(settled), row: settled };
  }
  if (params.TBK_ORDEN_COMPRA && params.TBK_ID_SESION) {
    const number =
      params.TBK_ORDEN_COMPRA.length === 8
        ? `${params.TBK_ORDEN_COMPRA.slice(0, 4)}-${params.TBK_ORDEN_COMPRA.slice(4)}`
        : '';
    const row = number ? await find(eq(orders.number, number)) : null;
    if (!row || `o${row.id}` !== params.TBK_ID_SESION) return { outcome: 'unknown', row: null };
    if (row.status !== 'pendiente_pago' || row.webpayState !== 'created')
      return { outcome: outcomeOf(row), row };
    const settled = await settle(db, row.id, {
      status: 'rechazado',
      reason: 'Se acabó el tiempo para pagar en Webpay. No se hizo ningún cargo.',
    });
    return { outcome: settled.changed ? 'timeout' : outcomeOf(settled.row), row: settled.row };
  }
  return { outcome: 'unknown', row: null };
}

/** Another request is committing this order: wait a few seconds for it to finish. */
async function waitSettled(db: Db, orderId: number): Promise<OrderRow> {
  for (let i = 0; ; i++) {
    const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (row!.status !== 'pendiente_pago' || row!.webpayState !== 'committing' || i >= 40)
      return row!;
    await new Promise((r) => setTimeout(r, 150));
  }
}

/**
 * Commits a claimed order; when the commit fails (Webpay already committed it, the network
 * dropped) asks Webpay for the transaction's status instead. Still unknown: the order stays
 * claimed for the next reconciliation.
 */
async function commitOrReconcile(db: Db, row: OrderRow): Promise<OrderRow> {
  const client = webpay()!;
  try {
    return await applyWebpay(db, row, await client.commit(row.webpayToken!));
  } catch (error) {
    log.warn('webpay commit failed, asking status', {
      order: row.id,
      error: error instanceof Error ? error.message : String(error),
    });
    try {
      return await applyWebpay(db, row, await client.status(row.webpayToken!));
    } catch (statusError) {
      log.error('webpay status failed', {
        order: row.id,
        error: statusError instanceof Error ? statusError.message : String(statusError),
      });
      return row;
    }
  }
}

/**
 * Housekeeping, at start and every minute: Webpay orders whose commit never finished (the app
 * stopped mid-way) are committed or settled from their status; unpaid orders past their time
 * give their stock back (a Webpay one only once Webpay confirms it was not paid).
 */
export async function sweepOrders(db: Db): Promise<{ reconciled: number; lapsed: number }> {
  let reconciled = 0;
  let lapsed = 0;
  const client = webpay();
  if (client) {
    const stuck = await db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.status, 'pendiente_pago'),
          eq(orders.webpayState, 'committing'),
          lt(orders.updatedAt, sql`now() - interval '30 seconds'`),
        ),
      );
    for (const row of stuck)
      if ((await commitOrReconcile(db, row)).status !== 'pendiente_pago') reconciled++;
  }
  const due = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, 'pendiente_pago'),
        eq(orders.stockHeld, true),
        lt(orders.expiresAt, sql`now()`),
      ),
    );
  for (const row of due) {
    if (row.paymentMethod === 'webpay') {
      if (!client || !row.webpayToken) {
        if (
          (
            await settle(db, row.id, {
              status: 'rechazado',
              reason: 'Se acabó el tiempo para pagar en Webpay. No se hizo ningún cargo.',
            })
          ).changed
        )
          lapsed++;
        continue;
      }
      try {
        const result = await client.status(row.webpayToken);
        if (isApproved(result, row.total))
          await settle(db, row.id, { status: 'pagado', webpay: result });
        else if (
          (
            await settle(db, row.id, {
              status: 'rechazado',
              webpay: result,
              reason: 'Se acabó el tiempo para pagar en Webpay. No se hizo ningún cargo.',
            })
          ).changed
        )
          lapsed++;
      } catch (error) {
        log.warn('webpay status failed while sweeping', {
          order: row.id,
          error: error instanceof Error ? error.message : String(error),
        });
      }
      continue;
    }
    if (
      (await settle(db, row.id, { status: 'cancelado', reason: 'No se recibió el pago a tiempo.' }))
        .changed
    )
      lapsed++;
  }
  return { reconciled, lapsed };
}

/** A buyer's order by its receipt link's token; null: none. */
export async function orderByReceipt(
  db: Db,
  token: string,
): Promise<{ order: OrderView; row: OrderRow; shop: ShopCheckout } | null> {
  if (!/^[A-Za-z0-9_-]{32}$/.test(token)) return null;
  const [row] = await db.select().from(orders).where(eq(orders.receiptToken, token));
  if (!row) return null;
  let siteWhatsapp: string | null = null;
  if (row.siteId)
    siteWhatsapp =
      (await db.select({ whatsapp: sites.whatsapp }).from(sites).where(eq(sites.id, row.siteId)))[0]
        ?.whatsapp ?? null;
  const shop = (await shopCheckout(db, row.sellerId, siteWhatsapp))!;
  return { order: orderView(row, (await itemsOf(db, [row.id])).get(row.id)!), row, shop };
}

/** Webpay's form and token of a Webpay order still waiting for its payment; null otherwise. */
export function webpayFormFor(row: OrderRow): { url: string; token: string } | null {
  if (
    row.status !== 'pendiente_pago' ||
    row.webpayState !== 'created' ||
    !row.webpayToken ||
    !row.webpayUrl
  )
    return null;
  return { url: row.webpayUrl, token: row.webpayToken };
}

// ——— The seller's side ———

/** `GET /api/orders/?page=&status=`: the seller's orders, newest first. */
export async function listOrders(
  db: Db,
  sellerId: number,
  status: OrderStatus | null,
  page: number,
  pageSize: number,
): Promise<{ total: number; results: OrderView[] }> {
  const where = and(eq(orders.sellerId, sellerId), status ? eq(orders.status, status) : undefined);
  const { total, rows } = await listPage(
    db,
    orders,
    where,
    [desc(orders.createdAt), desc(orders.id)],
    page,
    pageSize,
  );
  const items = await itemsOf(
    db,
    rows.map((r) => r.id),
  );
  return { total, results: rows.map((r) => orderView(r, items.get(r.id)!)) };
}

async function ownedOrder(db: Db, sellerId: number, id: number): Promise<OrderRow> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.sellerId, sellerId)));
  if (!row) throw new HttpError(404, ORDER_NOT_FOUND);
  return row;
}

export async function getOrder(db: Db, sellerId: number, id: number): Promise<OrderView> {
  const row = await ownedOrder(db, sellerId, id);
  return orderView(row, (await itemsOf(db, [id])).get(id)!);
}

/** How many orders of each status a seller has (the order book's filter). */
export async function orderCounts(db: Db, sellerId: number): Promise<Record<OrderStatus, number>> {
  const rows = await db
    .select({ status: orders.status, n: count() })
    .from(orders)
    .where(eq(orders.sellerId, sellerId))
    .groupBy(orders.status);
  const counts = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  return Object.fromEntries(ORDER_STATUSES.map((s) => [s, counts[s] ?? 0])) as Record<
    OrderStatus,
    number
  >;
}

/**
 * `PATCH /api/orders/{id}/`: the seller moves an order one step (see `nextStatuses`). Cancelling
 * gives the stock back and refunds a Webpay payment (a failed refund cancels nothing).
 */
export async function moveOrder(
  db: Db,
  sellerId: number,
  id: number,
  to: OrderStatus,
  version?: number,
): Promise<OrderView> {
  const row = await ownedOrder(db, sellerId, id);
  if (version !== undefined && version !== row.version)
    throw new HttpError(409, 'Esta orden cambió en otra pestaña. Revisa su estado actual.', {
      body: { current: await getOrder(db, sellerId, id) },
    });
  const allowed = nextStatuses(row.status as OrderStatus, row.paymentMethod as PaymentMethod);
  if (!allowed.includes(to))
    throw new HttpError(
      400,
      `Una orden «${STATUS_LABELS[row.status as OrderStatus].toLowerCase()}» no puede pasar a «${STATUS_LABELS[to].toLowerCase()}».`,
      { errors: { status: ['Ese cambio de estado no es posible.'] } },
    );
  if (to === 'cancelado' && row.paymentMethod === 'webpay' && row.paidAt && row.webpayToken) {
    try {
      await webpay()!.refund(row.webpayToken, row.total);
    } catch (error) {
      log.error('webpay refund failed', {
        order: id,
        error: error instanceof Error ? error.message : String(error),
      });
      throw new HttpError(
        502,
        'Webpay no pudo reembolsar el pago; la orden sigue como estaba. Intenta de nuevo en unos minutos.',
      );
    }
  }
  const released = await db.transaction(async (tx) => {
    const [moved] = await tx
      .update(orders)
      .set({
        status: to,
        ...(to === 'pagado' ? { paidAt: sql`now()`, expiresAt: null } : {}),
        ...(to === 'cancelado'
          ? {
              reason:
                row.paidAt && row.paymentMethod === 'webpay'
                  ? 'La tienda canceló la orden y reembolsó el pago.'
                  : 'La tienda canceló la orden.',
            }
          : {}),
        version: sql`${orders.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(orders.id, id), eq(orders.status, row.status)))
      .returning();
    if (!moved)
      throw new HttpError(409, 'Esta orden cambió en otra pestaña. Revisa su estado actual.');
    return to === 'cancelado' ? releaseStock(tx, id) : [];
  });
  await stockChanged(sellerId, released);
  return getOrder(db, sellerId, id);
}

/** The dashboard: how many sales a seller has made (paid orders, whatever happened after), as a part of its statement. */
export function salesCountPart(sellerId: number): JsonPart<number> {
  return {
    sql: sql`select count(*) from ${orders} where ${orders.sellerId} = ${sellerId} and ${orders.status} in ${SOLD_STATUSES}`,
    read: (n: number) => Number(n),
  };
}
