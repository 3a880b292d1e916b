/** The seller's shop settings (`GET/PATCH /api/store/`): one row per seller, created on first read. */
import { eq, sql } from 'drizzle-orm';
import type { StoreSettings } from '@/lib/shop/schemas';
import { cache } from '@/lib/server/cache/provider';
import { tags } from '@/lib/server/cache/tags';
import type { Db } from '@/lib/server/db/client';
import { saveVersioned, type Tx } from '@/lib/server/db/versioned';
import { stores } from '@/lib/server/db/schema';

export type StoreView = StoreSettings & { version: number };

function toView(row: typeof stores.$inferSelect): StoreView {
  return {
    name: row.name,
    whatsapp: row.whatsapp,
    contact_email: row.contactEmail,
    transfer_details: row.transferDetails,
    hold_hours: row.holdHours,
    hold_share: row.holdShare,
    legal_name: row.legalName,
    legal_rut: row.legalRut,
    legal_address: row.legalAddress,
    legal_representative: row.legalRepresentative,
    version: row.version,
  };
}

/** The settings of `userId`'s shop (version 0: never saved, the defaults). */
export async function getStore(db: Db, userId: number): Promise<StoreView> {
  const [row] = await db.select().from(stores).where(eq(stores.userId, userId));
  return row
    ? toView(row)
    : {
        name: '',
        whatsapp: null,
        contact_email: null,
        transfer_details: '',
        hold_hours: 24,
        hold_share: 50,
        legal_name: null,
        legal_rut: null,
        legal_address: null,
        legal_representative: null,
        version: 0,
      };
}

/** Writes `columns` of the seller's store row at `version`: an update, or its first insert. */
export async function writeStore(
  tx: Tx,
  userId: number,
  columns: Partial<typeof stores.$inferInsert>,
  version: number,
  current: unknown,
): Promise<void> {
  if (current)
    await tx
      .update(stores)
      .set({ ...columns, version, updatedAt: sql`now()` })
      .where(eq(stores.userId, userId));
  else await tx.insert(stores).values({ ...columns, userId, version });
}

/** Saves the fields given if `version` is the stored one; a stale version is a 409 with the stored copy. */
export async function updateStore(
  db: Db,
  userId: number,
  patch: Partial<StoreSettings> & { version: number },
): Promise<StoreView> {
  const { version: base, ...fields } = patch;
  const columns = {
    ...(fields.name !== undefined && { name: fields.name }),
    ...(fields.whatsapp !== undefined && { whatsapp: fields.whatsapp }),
    ...(fields.contact_email !== undefined && { contactEmail: fields.contact_email }),
    ...(fields.transfer_details !== undefined && { transferDetails: fields.transfer_details }),
    ...(fields.hold_hours !== undefined && { holdHours: fields.hold_hours }),
    ...(fields.hold_share !== undefined && { holdShare: fields.hold_share }),
    ...(fields.legal_name !== undefined && { legalName: fields.legal_name }),
    ...(fields.legal_rut !== undefined && { legalRut: fields.legal_rut }),
    ...(fields.legal_address !== undefined && { legalAddress: fields.legal_address }),
    ...(fields.legal_representative !== undefined && {
      legalRepresentative: fields.legal_representative,
    }),
  };
  await saveVersioned(db, {
    base,
    lock: async (tx) =>
      (await tx.select().from(stores).where(eq(stores.userId, userId)).for('update'))[0],
    versionOf: (row) => row.version,
    write: (tx, version, current) => writeStore(tx, userId, columns, version, current),
    conflict: {
      message: 'La configuración de tu tienda cambió en otra pestaña. Revisa los datos guardados.',
      current: (row) => (row ? toView(row) : null),
    },
  });
  await cache.invalidate({ tags: [tags.store(userId)] });
  return getStore(db, userId);
}
