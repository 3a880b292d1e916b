/**
 * The shipment's jobs (issue 65). `shipment-create` creates it at the courier once: its key is the
 * attempt's, and the courier takes a reference (the order's number) once a day, so a retry after a
 * crash cannot make a second parcel. `shipment-track` reads it back with the seller's token until
 * the tracking number and label exist, then moves the order to «enviado» (the buyer's mail carries
 * the number); «delivered» moves it to «entregado» once. A courier's webhook and the sweep queue the
 * same read: nothing a notification says is believed without it.
 */
import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';
import { moveOrder } from '@/lib/orders/book.server';
import { orderRef } from '@/lib/orders/events.server';
import { CARRIER_KEYS, type OrderPatch } from '@/lib/orders/schemas';
import { noExtras } from '@/lib/orders/view.server';
import type { Db } from '@/lib/server/db/client';
import { orderItems, orders, shipments, stores } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';
import { shipmentPollMs } from '@/lib/server/config';
import { log } from '@/lib/server/log';
import { enqueue, enqueueUnlessWaiting } from '@/lib/server/queue/queue';
import { PermanentJobError, type JobHandler } from '@/lib/server/queue/worker';
import { sellerCourier, type ConnectableCourier } from '@/lib/shipping/accounts.server';
import { splitAddress } from '@/lib/shipping/address';
import {
  SHIPPING_PROVIDER_NAMES,
  ShippingAccountRejected,
  ShippingError,
  type ShipmentApi,
  type ShippingProviderName,
} from '@/lib/shipping/provider';
import { parcelFor } from '@/lib/shipping/quotes.server';
import { SHIPMENT_TRACK_JOB, shipmentRow } from '@/lib/shipping/shipments.server';

export const SHIPMENT_NOTICE_JOB = 'shipment-notice';
/** A shipment without news is asked again after this. */
const STALE_MS = 3 * 3_600_000;

type ShipmentRow = typeof shipments.$inferSelect;

const failed = (db: Db, orderId: number, problem: string) =>
  db
    .update(shipments)
    .set({ state: 'failed', problem, updatedAt: new Date() })
    .where(eq(shipments.orderId, orderId));

/** The shipment's courier with the seller's account, where it makes shipments by API. */
async function courierOf(db: Db, s: ShipmentRow): Promise<ShipmentApi | null> {
  return (await sellerCourier(db, s.sellerId, s.provider as ConnectableCourier))?.shipments ?? null;
}

const nameOf = (s: ShipmentRow) => SHIPPING_PROVIDER_NAMES[s.provider as ShippingProviderName];

/** Asks for a new shipment's label this many times (about 40 min in all), then leaves it to the sweep. */
const LABEL_ASKS = 9;

/** A read of the shipment; `ask` counts the asks for a new shipment's label (null: just once). */
const track = (orderId: number, key: string, ask: number | null, runAt?: Date) => ({
  kind: SHIPMENT_TRACK_JOB,
  key,
  ref: orderRef(orderId),
  payload: { orderId, ask },
  ...(runAt && { runAt }),
});

/** When to ask a new shipment for its label the `ask`th time: the poll doubled each time. */
const askAt = (ask: number) => new Date(Date.now() + shipmentPollMs() * 2 ** Math.min(ask, 8));

export const shipmentCreateJob: JobHandler = async ({ db }, job) => {
  const { orderId } = job.payload as { orderId: number };
  const s = await shipmentRow(db, orderId);
  if (!s) throw new PermanentJobError(`order ${orderId} has no shipment`);
  if (s.state !== 'requested' || s.externalId) return { skipped: s.state };
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || order.status === 'cancelado') {
    await failed(db, orderId, 'La orden fue cancelada antes de crear el envío.');
    return { skipped: 'cancelled' };
  }
  const client = await courierOf(db, s);
  const name = nameOf(s);
  if (!client) {
    await failed(
      db,
      orderId,
      `Conecta de nuevo tu cuenta ${name} en Despacho e inténtalo otra vez.`,
    );
    return { skipped: 'no account' };
  }
  // A courier that takes a reference twice: this attempt is sent once. A retry that finds it sent
  // (the process died, or the answer never came) cannot know whether the parcel exists.
  if (!client.oncePerReference) {
    const [claimed] = await db
      .update(shipments)
      .set({ sentAt: new Date() })
      .where(and(eq(shipments.orderId, orderId), isNull(shipments.sentAt)))
      .returning({ orderId: shipments.orderId });
    if (!claimed) {
      await failed(db, orderId, `No sabemos si ${name} alcanzó a crear este envío. ${IN_DOUBT}`);
      return { skipped: 'in doubt' };
    }
  }
  const [store] = await db.select().from(stores).where(eq(stores.userId, s.sellerId));
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  const parcel = await parcelFor(
    db,
    { defaultParcel: store?.parcel },
    items.map((i) => ({ product: i.productId ?? 0, quantity: i.quantity })),
  );
  const address = splitAddress(order.deliveryAddress ?? '');
  try {
    const { id } = await client.create({
      reference: order.number,
      courier: s.courier,
      parcel,
      from: store?.shipFrom ?? '',
      to: {
        name: order.buyerName,
        email: order.buyerEmail,
        phone: order.buyerPhone,
        street: address.street,
        number: address.number,
        complement: address.complement || null,
        comuna: order.deliveryComuna ?? '',
      },
      items: items.map((i) => ({ name: i.name, quantity: i.quantity })),
    });
    await db
      .update(shipments)
      .set({ externalId: id, state: 'created', problem: null, updatedAt: new Date() })
      .where(eq(shipments.orderId, orderId));
    await enqueue(db, track(orderId, `${SHIPMENT_TRACK_JOB}:${orderId}:${id}:0`, 0, askAt(0)));
    return { shipment: id };
  } catch (error) {
    if (error instanceof ShippingAccountRejected) {
      await failed(db, orderId, `${name} no reconoce tu cuenta: revisa sus datos en Despacho.`);
      return { refused: 401 };
    }
    if (error instanceof ShippingError && error.status < 500) {
      // Taken today: an earlier try of this job reached Shipit before the process died. The
      // shipment exists; Shipit's notification (or the seller) names its id.
      if (/ya fue utilizada/i.test(error.message)) {
        await db
          .update(shipments)
          .set({
            problem: 'Shipit ya recibió este envío; lo enlazaremos en cuanto Shipit avise.',
            updatedAt: new Date(),
          })
          .where(eq(shipments.orderId, orderId));
        return { refused: 'reference taken' };
      }
      const words = error.message.replace(/^\S+ \/[^:]*: /, '');
      await failed(db, orderId, `${name} no aceptó el envío: ${words}`);
      return { refused: error.status };
    }
    if (!client.oncePerReference) {
      // The request never left (the courier refused the connection): this attempt was not sent.
      if (neverSent(error)) {
        await db.update(shipments).set({ sentAt: null }).where(eq(shipments.orderId, orderId));
        throw error;
      }
      // It left and no answer came back: a retry could make a second parcel.
      await failed(db, orderId, `No sabemos si ${name} alcanzó a crear este envío. ${IN_DOUBT}`);
      return { skipped: 'in doubt' };
    }
    throw error;
  }
};

/** A connection the courier refused or a host not found: nothing reached it. */
function neverSent(error: unknown): boolean {
  const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return code === 'ECONNREFUSED' || code === 'ENOTFOUND';
}

/** What the seller does when a courier may hold a shipment we could not confirm. */
const IN_DOUBT =
  'Revisa tus envíos en su sitio: si no está, vuelve a presionar «Crear envío»; ' +
  'si está, escribe su número de seguimiento en la orden.';

/** The order's carrier: Shipit's chosen courier (`starken`), or the courier itself (Starken's `NORMAL`). */
function carrierOf(s: ShipmentRow): OrderPatch['carrier'] {
  const key = s.provider === 'shipit' ? s.courier : s.provider;
  return (CARRIER_KEYS as string[]).includes(key) ? (key as OrderPatch['carrier']) : 'otro';
}

/** The order's move a courier's news causes, as the seller would make it; a conflict is no move. */
async function move(db: Db, s: ShipmentRow, patch: OrderPatch): Promise<boolean> {
  return moveOrder(db, s.sellerId, s.orderId, patch, noExtras).then(
    () => true,
    (error: unknown) => {
      // The seller moved it already (or cancelled it): the courier's news changes nothing more.
      if (error instanceof HttpError && (error.status === 409 || error.status === 400))
        return false;
      throw error;
    },
  );
}

/** Reads the shipment at the courier and applies what it says. */
async function refresh(db: Db, s: ShipmentRow, client: ShipmentApi) {
  const state = await client.track(s.externalId!);
  const now = new Date();
  await db
    .update(shipments)
    .set({
      courierStatus: state.status,
      trackingNumber: state.trackingNumber,
      trackingUrl: state.trackingUrl,
      labelUrl: state.labelUrl,
      checkedAt: now,
      ...(state.delivered && !s.deliveredAt ? { deliveredAt: now } : {}),
      updatedAt: now,
    })
    .where(eq(shipments.orderId, s.orderId));
  const [order] = await db
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, s.orderId));
  let status = order?.status;
  if (
    state.trackingNumber &&
    status === 'preparando' &&
    (await move(db, s, {
      status: 'enviado',
      tracking_number: state.trackingNumber.slice(0, 60),
      carrier: carrierOf(s),
    }))
  )
    status = 'enviado';
  if (state.delivered && status === 'enviado') await move(db, s, { status: 'entregado' });
  return state;
}

export const shipmentTrackJob: JobHandler = async ({ db }, job) => {
  const { orderId, ask } = job.payload as { orderId: number; ask: number | null };
  const s = await shipmentRow(db, orderId);
  if (!s?.externalId) return { skipped: 'no shipment' };
  const client = await courierOf(db, s);
  if (!client) return { skipped: 'no account' };
  const state = await refresh(db, s, client);
  // The label comes some time after the shipment (Shipit's about 20 s later), and a courier that
  // never calls back (Starken) is followed by asking: asked again later, under the next key.
  const waiting =
    !state.trackingNumber || !state.labelUrl || (!client.notifies && !state.delivered);
  if (ask !== null && waiting && ask + 1 < LABEL_ASKS) {
    const next = ask + 1;
    await enqueue(
      db,
      track(orderId, `${SHIPMENT_TRACK_JOB}:${orderId}:${s.externalId}:${next}`, next, askAt(next)),
    );
    return { status: state.status, ask: next };
  }
  return { status: state.status };
};

/** Queues the read a courier's notification asks for: one waiting per shipment, whatever the flood. */
export function enqueueShipmentNotice(
  db: Db,
  sellerId: number,
  id: string,
  reference: string | null,
): Promise<void> {
  return enqueueUnlessWaiting(db, {
    kind: SHIPMENT_NOTICE_JOB,
    ref: `shipit:${sellerId}:${id}`,
    payload: { sellerId, id, reference },
  });
}

/**
 * A courier said a shipment moved: it is read with the seller's token, and applied only to that
 * seller's shipment of that id, or to her shipment still waiting for its id under that reference.
 */
export const shipmentNoticeJob: JobHandler = async ({ db }, job) => {
  const { sellerId, id } = job.payload as { sellerId: number; id: string };
  let [s] = await db
    .select()
    .from(shipments)
    .where(
      and(
        eq(shipments.sellerId, sellerId),
        eq(shipments.provider, 'shipit'),
        eq(shipments.externalId, id),
      ),
    );
  const client = s
    ? await courierOf(db, s)
    : ((await sellerCourier(db, sellerId, 'shipit').catch(() => null))?.shipments ?? null);
  if (!client) return { skipped: 'unknown' };
  let state;
  try {
    state = await client.track(id);
  } catch (error) {
    // Not the seller's shipment at Shipit (forged, or another account's): nothing changes.
    if (error instanceof ShippingError || error instanceof ShippingAccountRejected)
      return { skipped: 'not at the courier' };
    throw error;
  }
  if (!s && state.reference) {
    const [waiting] = await db
      .select({ shipment: shipments })
      .from(shipments)
      .innerJoin(orders, eq(orders.id, shipments.orderId))
      .where(
        and(
          eq(shipments.sellerId, sellerId),
          eq(shipments.state, 'requested'),
          isNull(shipments.externalId),
          eq(orders.number, state.reference),
        ),
      );
    if (!waiting) return { skipped: 'no such shipment' };
    await db
      .update(shipments)
      .set({ externalId: id, state: 'created', problem: null, updatedAt: new Date() })
      .where(eq(shipments.orderId, waiting.shipment.orderId));
    s = { ...waiting.shipment, externalId: id, state: 'created' };
  }
  if (!s) return { skipped: 'no such shipment' };
  await refresh(db, s, client);
  return { status: state.status };
};

/** The sweep: shipments on their way without news for hours are read again (Starken has no webhook). */
export async function sweepShipments(db: Db, limit = 50): Promise<number> {
  const stale = new Date(Date.now() - STALE_MS);
  const due = await db
    .select({ orderId: shipments.orderId, checkedAt: shipments.checkedAt })
    .from(shipments)
    .where(
      and(
        eq(shipments.state, 'created'),
        isNull(shipments.deliveredAt),
        or(isNull(shipments.checkedAt), lt(shipments.checkedAt, stale)),
      ),
    )
    .orderBy(asc(shipments.checkedAt))
    .limit(limit);
  if (!due.length) return 0;
  const hour = Math.floor(Date.now() / 3_600_000);
  await enqueue(
    db,
    ...due.map((d) => track(d.orderId, `${SHIPMENT_TRACK_JOB}:${d.orderId}:sweep:${hour}`, null)),
  );
  log.info('shipments swept', { count: due.length });
  return due.length;
}
