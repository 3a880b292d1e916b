/**
 * An order's shipment at its courier (issue 65). «Crear envío» decides in one transaction that the
 * order ships (a paid order, its buyer's chosen courier, no shipment yet) and queues the keyed job
 * that creates it at the courier once (`shipment-jobs.server.ts`); nothing leaves from the request,
 * and no buyer data reaches a courier before the order is paid (Ley 21.719).
 */
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { getOrder, moveOrder } from '@/lib/orders/book.server';
import { orderRef } from '@/lib/orders/events.server';
import { noExtras, type OrderView } from '@/lib/orders/view.server';
import type { Db } from '@/lib/server/db/client';
import { orders, shipments } from '@/lib/server/db/schema';
import type { Tx } from '@/lib/server/db/versioned';
import { HttpError } from '@/lib/server/http/errors';
import { enqueue } from '@/lib/server/queue/queue';
import { sellerCourier, type ConnectableCourier } from '@/lib/shipping/accounts.server';
import {
  MAKES_SHIPMENTS,
  SHIPPING_PROVIDER_NAMES,
  type ShippingProviderName,
} from '@/lib/shipping/provider';

export const SHIPMENT_CREATE_JOB = 'shipment-create';
export const SHIPMENT_TRACK_JOB = 'shipment-track';

type ShipmentRow = typeof shipments.$inferSelect;

/** A shipment as the seller's order page and the API show it. */
export interface ShipmentView {
  provider: string;
  /** «Shipit». */
  provider_name: string;
  courier: string;
  /** `requested` (being created), `created` (the courier has it), `failed` (`problem` says why). */
  state: 'requested' | 'created' | 'failed';
  tracking_number: string | null;
  tracking_url: string | null;
  /** The label's PDF can be downloaded. */
  label: boolean;
  courier_status: string | null;
  problem: string | null;
  delivered_at: string | null;
  created_at: string;
}

export function shipmentView(row: ShipmentRow): ShipmentView {
  return {
    provider: row.provider,
    provider_name: SHIPPING_PROVIDER_NAMES[row.provider as ShippingProviderName] ?? row.provider,
    courier: row.courier,
    state: row.state as ShipmentView['state'],
    tracking_number: row.trackingNumber,
    tracking_url: row.trackingUrl,
    label: Boolean(row.labelUrl),
    courier_status: row.courierStatus,
    problem: row.problem,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function shipmentRow(db: Db | Tx, orderId: number): Promise<ShipmentRow | undefined> {
  return (await db.select().from(shipments).where(eq(shipments.orderId, orderId)))[0];
}

/** The order's shipment for its seller; null: none (another seller's order is a 404 before this). */
export async function shipmentOf(db: Db, orderId: number): Promise<ShipmentView | null> {
  const row = await shipmentRow(db, orderId);
  return row ? shipmentView(row) : null;
}

/** Why an order cannot get a courier shipment, in the seller's words; null: it can. */
export function shipmentRefusal(
  order: Pick<OrderView, 'status' | 'delivery' | 'channel'>,
): string | null {
  if (order.channel === 'mercadolibre') return MERCADO_ENVIOS;
  if (order.delivery.method !== 'despacho') return 'Esta orden es para retiro: no lleva envío.';
  const courier = order.delivery.courier;
  if (!courier)
    return 'El cliente eligió tu despacho propio: envíala tú y escribe su número de seguimiento.';
  if (!MAKES_SHIPMENTS[courier.provider as ShippingProviderName])
    return (
      `Lleva el paquete a una sucursal de ${courier.name.split(' ')[0]} y escribe su número ` +
      'de seguimiento al marcar la orden como enviada.'
    );
  if (order.status !== 'pagado' && order.status !== 'preparando')
    return 'Solo una orden pagada y aún sin enviar puede despacharse con courier.';
  return null;
}

/** A Mercado Libre sale travels with Mercado Libre's own shipping (issue 66). */
export const MERCADO_ENVIOS =
  'Mercado Libre despacha esta venta con Mercado Envíos: su etiqueta está en tu cuenta de Mercado Libre.';

/**
 * «Crear envío»: a paid order moves to «preparando» and its shipment is recorded and queued in one
 * transaction. Pressed twice (or by two tabs at once), the second finds the first and adds nothing;
 * after a courier's refusal it queues a new attempt under a new key.
 */
export async function requestShipment(
  db: Db,
  sellerId: number,
  orderId: number,
): Promise<ShipmentView> {
  const order = await getOrder(db, sellerId, orderId, noExtras);
  const refusal = shipmentRefusal(order);
  if (refusal) {
    const existing = await shipmentRow(db, orderId);
    if (existing) return shipmentView(existing);
    throw new HttpError(409, refusal);
  }
  if (order.status === 'pagado')
    await moveOrder(db, sellerId, orderId, { status: 'preparando' }, noExtras).catch(
      (error: unknown) => {
        // Moved meanwhile (another tab): the transaction below reads where it stands.
        if (!(error instanceof HttpError && error.status === 409)) throw error;
      },
    );
  const courier = order.delivery.courier!;
  const row = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.sellerId, sellerId)))
      .for('update');
    const current = await shipmentRow(tx, orderId);
    if (current && current.state !== 'failed') return current;
    if (locked?.status !== 'preparando')
      throw new HttpError(409, 'Esta orden cambió mientras tanto: revisa su estado actual.');
    const now = new Date();
    const [saved] = current
      ? await tx
          .update(shipments)
          .set({ state: 'requested', problem: null, sentAt: null, createdAt: now, updatedAt: now })
          .where(eq(shipments.orderId, orderId))
          .returning()
      : await tx
          .insert(shipments)
          .values({
            orderId,
            sellerId,
            provider: courier.provider,
            courier: courier.courier,
            createdAt: now,
          })
          .returning();
    // The key names this attempt: every retry of the job reuses it; a new press after a refusal
    // is a new attempt.
    await enqueue(tx, {
      kind: SHIPMENT_CREATE_JOB,
      key: `${SHIPMENT_CREATE_JOB}:${orderId}:${now.getTime()}`,
      ref: orderRef(orderId),
      payload: { orderId },
    });
    return saved!;
  });
  return shipmentView(row);
}

/** At most this many labels in one PDF (a day's orders at a feria's scale). */
export const MAX_LABELS = 50;

/**
 * The labels of the seller's orders, in one PDF: each order's label as the courier made it, pages
 * in the order asked. An order without a label yet (or another seller's) is named in `missing`.
 */
export async function labelsOf(
  db: Db,
  sellerId: number,
  orderIds: readonly number[],
): Promise<{ pdf: Uint8Array | null; missing: number[] }> {
  const { PDFDocument } = await import('pdf-lib');
  const merged = await PDFDocument.create();
  const missing: number[] = [];
  for (const orderId of orderIds) {
    const [row] = await db
      .select()
      .from(shipments)
      .where(and(eq(shipments.orderId, orderId), eq(shipments.sellerId, sellerId)));
    const client =
      row?.externalId && row.labelUrl
        ? (await sellerCourier(db, sellerId, row.provider as ConnectableCourier))?.shipments
        : null;
    const bytes = client ? await client.label(row!.externalId!) : null;
    if (!bytes) {
      missing.push(orderId);
      continue;
    }
    const doc = await PDFDocument.load(bytes);
    for (const page of await merged.copyPages(doc, doc.getPageIndices())) merged.addPage(page);
  }
  return { pdf: merged.getPageCount() ? await merged.save() : null, missing };
}

/** Orders on their way whose labels can be printed (not yet delivered), newest first. */
export async function labelsToPrint(
  db: Db,
  sellerId: number,
): Promise<{ orderId: number; number: string; buyer: string; courier: string }[]> {
  const rows = await db
    .select({
      orderId: shipments.orderId,
      number: orders.number,
      buyer: orders.buyerName,
      // The name the buyer chose it by («Starken»), not the courier's key.
      courier: sql<string>`coalesce(${orders.courier}->>'name', ${shipments.courier})`,
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(
      and(
        eq(shipments.sellerId, sellerId),
        eq(shipments.state, 'created'),
        isNotNull(shipments.labelUrl),
        isNull(shipments.deliveredAt),
        eq(orders.status, 'enviado'),
      ),
    )
    .orderBy(desc(shipments.createdAt))
    .limit(MAX_LABELS);
  return rows;
}
