/**
 * A shop's legal pages (`GET/PUT /api/store/legal/`, the seller's page `/politicas`, the public
 * pages): the seller's own texts, or the templates filled with the shop's details.
 */
import { eq } from 'drizzle-orm';
import {
  LEGAL_KINDS,
  legalOf,
  legalTemplate,
  legalText,
  type LegalInput,
  type LegalKind,
  type LegalShop,
} from '@/lib/shop/legal';
import { writeStore } from '@/lib/shop/store.server';
import { cache } from '@/lib/server/cache/provider';
import { tags } from '@/lib/server/cache/tags';
import type { Db } from '@/lib/server/db/client';
import { saveVersioned } from '@/lib/server/db/versioned';
import { stores, users } from '@/lib/server/db/schema';

type Row = {
  user: Pick<typeof users.$inferSelect, 'fullName' | 'email'>;
  store: typeof stores.$inferSelect | null;
};

/** Each text as shown, and whether it is the seller's own (false: the template). */
export type LegalView = Record<LegalKind, { text: string; custom: boolean }> & { version: number };

async function rowOf(db: Db, userId: number): Promise<Row | undefined> {
  const [row] = await db
    .select({ user: { fullName: users.fullName, email: users.email }, store: stores })
    .from(users)
    .leftJoin(stores, eq(stores.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

/** The details a template names, as the shop shows them. */
const shopOf = (row: Row): LegalShop => ({
  name: row.store?.name || row.user.fullName,
  email: row.store?.contactEmail || '',
  whatsapp: row.store?.whatsapp ?? null,
});

function toView(row: Row): LegalView {
  const texts = legalOf(row.store?.legal);
  const shop = shopOf(row);
  const view = Object.fromEntries(
    LEGAL_KINDS.map((k) => [k, { text: legalText(k, texts, shop), custom: k in texts }]),
  ) as Record<LegalKind, { text: string; custom: boolean }>;
  return { ...view, version: row.store?.version ?? 0 };
}

export async function getLegal(db: Db, userId: number): Promise<LegalView> {
  return toView((await rowOf(db, userId))!);
}

/** Saves the texts at the store's version; an empty one goes back to the template. */
export async function saveLegal(db: Db, userId: number, input: LegalInput): Promise<LegalView> {
  const { version: base, ...texts } = input;
  const row = (await rowOf(db, userId))!;
  const { user } = row;
  // The template sent back unchanged stays the template, so it follows the shop's name and contact.
  const legal = Object.fromEntries(
    LEGAL_KINDS.flatMap((k) =>
      texts[k] && texts[k] !== legalTemplate(k, shopOf(row)).trim() ? [[k, texts[k]]] : [],
    ),
  );
  await saveVersioned(db, {
    base,
    lock: async (tx) =>
      (await tx.select().from(stores).where(eq(stores.userId, userId)).for('update'))[0],
    versionOf: (row) => row.version,
    write: (tx, version, current) => writeStore(tx, userId, { legal }, version, current),
    conflict: {
      message: 'La configuración de tu tienda cambió en otra pestaña. Revisa los datos guardados.',
      current: (store) => toView({ user, store: store ?? null }),
    },
  });
  await cache.invalidate({ tags: [tags.store(userId)] });
  return getLegal(db, userId);
}

/** A shop's public legal page: its name and the text; null when the seller has no shop. */
export async function publicLegal(
  db: Db,
  sellerId: number,
  kind: LegalKind,
): Promise<{ shopName: string; text: string } | null> {
  const row = await rowOf(db, sellerId);
  if (!row?.store) return null;
  const shop = shopOf(row);
  return { shopName: shop.name, text: legalText(kind, legalOf(row.store.legal), shop) };
}
