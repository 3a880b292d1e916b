/**
 * A shop's delivery settings (`GET/PUT /api/store/delivery/`, the page `/despacho`): part of the
 * store's row, so they share its version with the other settings.
 */
import { eq } from 'drizzle-orm';
import { deliveryOf, type DeliveryInput, type DeliverySettings } from '@/lib/shop/delivery';
import type { Db } from '@/lib/server/db/client';
import { saveVersioned } from '@/lib/server/db/versioned';
import { stores } from '@/lib/server/db/schema';
import { writeStore } from '@/lib/shop/store.server';

export type DeliveryView = DeliverySettings & { version: number };

const toView = (row: typeof stores.$inferSelect | undefined): DeliveryView => ({
  ...deliveryOf(row?.delivery),
  version: row?.version ?? 0,
});

export async function getDelivery(db: Db, userId: number): Promise<DeliveryView> {
  const [row] = await db.select().from(stores).where(eq(stores.userId, userId));
  return toView(row);
}

/** Replaces the delivery settings if `version` is the store's; a stale one is a 409 with the stored copy. */
export async function saveDelivery(
  db: Db,
  userId: number,
  input: DeliveryInput,
): Promise<DeliveryView> {
  const { version: base, ...delivery } = input;
  await saveVersioned(db, {
    base,
    lock: async (tx) =>
      (await tx.select().from(stores).where(eq(stores.userId, userId)).for('update'))[0],
    versionOf: (row) => row.version,
    write: (tx, version, current) => writeStore(tx, userId, { delivery }, version, current),
    conflict: {
      message: 'La configuración de tu tienda cambió en otra pestaña. Revisa los datos guardados.',
      current: toView,
    },
  });
  return getDelivery(db, userId);
}
