/**
 * Where a shop's parcels leave from and what a product without its own size ships in (issue 65):
 * two columns of the store's row, so they share its version with the other settings. Couriers
 * quote only once the origin is set.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { stores } from '@/lib/server/db/schema';
import { saveVersioned } from '@/lib/server/db/versioned';
import { writeStore } from '@/lib/shop/store.server';
import { DEFAULT_PARCEL, type Parcel } from '@/lib/shipping/parcel';
import type { ShippingOriginInput } from '@/lib/shipping/schemas';

export interface ShippingOriginView {
  /** The comuna's official code; null: not set, so no courier quotes. */
  ship_from: string | null;
  /** The shop's own default box; null: the 1 kg box of 30 × 20 × 10 cm. */
  parcel: { weight_g: number; length_cm: number; width_cm: number; height_cm: number } | null;
  version: number;
}

/** The stored default parcel, read defensively: anything else is none. */
export function parcelOf(stored: unknown): Parcel | null {
  const p = stored as Record<string, unknown> | null;
  const ok = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v > 0;
  if (!p || !ok(p.weightG) || !ok(p.lengthCm) || !ok(p.widthCm) || !ok(p.heightCm)) return null;
  return {
    weightG: p.weightG as number,
    lengthCm: p.lengthCm as number,
    widthCm: p.widthCm as number,
    heightCm: p.heightCm as number,
  };
}

/** What a line without its own parcel ships in. */
export const defaultParcelOf = (stored: unknown): Parcel => parcelOf(stored) ?? DEFAULT_PARCEL;

function toView(
  row: Pick<typeof stores.$inferSelect, 'shipFrom' | 'parcel' | 'version'> | undefined,
) {
  const parcel = parcelOf(row?.parcel);
  return {
    ship_from: row?.shipFrom ?? null,
    parcel: parcel && {
      weight_g: parcel.weightG,
      length_cm: parcel.lengthCm,
      width_cm: parcel.widthCm,
      height_cm: parcel.heightCm,
    },
    version: row?.version ?? 0,
  } satisfies ShippingOriginView;
}

export async function getShippingOrigin(db: Db, userId: number): Promise<ShippingOriginView> {
  const [row] = await db
    .select({ shipFrom: stores.shipFrom, parcel: stores.parcel, version: stores.version })
    .from(stores)
    .where(eq(stores.userId, userId));
  return toView(row);
}

/** Saves both if `version` is the store's; a stale one is a 409 with the stored copy. */
export async function saveShippingOrigin(
  db: Db,
  userId: number,
  input: ShippingOriginInput,
): Promise<ShippingOriginView> {
  const parcel: Parcel | null =
    input.weight_g === null
      ? null
      : {
          weightG: input.weight_g,
          lengthCm: input.length_cm!,
          widthCm: input.width_cm!,
          heightCm: input.height_cm!,
        };
  await saveVersioned(db, {
    base: input.version,
    lock: async (tx) =>
      (await tx.select().from(stores).where(eq(stores.userId, userId)).for('update'))[0],
    versionOf: (row) => row.version,
    write: (tx, version, current) =>
      writeStore(tx, userId, { shipFrom: input.ship_from, parcel }, version, current),
    conflict: {
      message: 'La configuración de tu tienda cambió en otra pestaña. Revisa los datos guardados.',
      current: toView,
    },
  });
  return getShippingOrigin(db, userId);
}
