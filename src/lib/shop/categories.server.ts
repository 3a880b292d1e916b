/** The seller's categories (`/api/categories/`): ordered, with slugs unique per seller. */
import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import { CATEGORIES_PER_STORE } from '@/lib/shop/schemas';
import { slugify, uniqueSlug } from '@/lib/slug';
import { cache } from '@/lib/server/cache/provider';
import { tags } from '@/lib/server/cache/tags';
import type { Db, Queryable } from '@/lib/server/db/client';
import { lockWithin, ownedOr404, retryOnUniqueViolation } from '@/lib/server/db/queries';
import { categories } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';

export const CATEGORY_NOT_FOUND = 'No encontramos esa categoría.';

export interface CategoryView {
  id: number;
  name: string;
  slug: string;
  position: number;
}

const toView = (r: typeof categories.$inferSelect): CategoryView => ({
  id: r.id,
  name: r.name,
  slug: r.slug,
  position: r.position,
});

export async function listCategories(db: Db, userId: number): Promise<CategoryView[]> {
  const rows = await db
    .select()
    .from(categories)
    .where(eq(categories.userId, userId))
    .orderBy(asc(categories.position), asc(categories.id));
  return rows.map(toView);
}

/** The seller's category slugs; call it inside the write's transaction, which it serialises. */
async function takenSlugs(db: Queryable, userId: number, except?: number): Promise<Set<string>> {
  await lockWithin(db, 'category-slugs', userId);
  const rows = await db
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(eq(categories.userId, userId));
  return new Set(rows.filter((r) => r.id !== except).map((r) => r.slug));
}

export async function createCategory(db: Db, userId: number, name: string): Promise<CategoryView> {
  const [counted] = await db
    .select({ n: count() })
    .from(categories)
    .where(eq(categories.userId, userId));
  const n = Number(counted?.n ?? 0);
  if (n >= CATEGORIES_PER_STORE)
    throw new HttpError(400, `Puedes tener hasta ${CATEGORIES_PER_STORE} categorías.`);
  // Two categories named alike at once would take the same slug: the loser tries again.
  const row = await retryOnUniqueViolation(() =>
    db.transaction(async (tx) => {
      const slug = uniqueSlug(slugify(name, 'categoria'), await takenSlugs(tx, userId));
      return (
        await tx.insert(categories).values({ userId, name, slug, position: n }).returning()
      )[0];
    }),
  );
  return toView(row!);
}

/**
 * Renames and/or moves a category. Moving to `position` shifts the ones between, so positions
 * stay 0…n-1 in the seller's order.
 */
export async function updateCategory(
  db: Db,
  userId: number,
  id: number,
  patch: { name?: string; position?: number },
): Promise<CategoryView> {
  const current = await ownedOr404(db, categories, userId, id, CATEGORY_NOT_FOUND);
  await retryOnUniqueViolation(() =>
    db.transaction(async (tx) => {
      if (patch.name !== undefined && patch.name !== current.name) {
        const slug = uniqueSlug(slugify(patch.name, 'categoria'), await takenSlugs(tx, userId, id));
        await tx.update(categories).set({ name: patch.name, slug }).where(eq(categories.id, id));
      }
      if (patch.position !== undefined) {
        const ordered = (
          await tx
            .select({ id: categories.id })
            .from(categories)
            .where(eq(categories.userId, userId))
            .orderBy(asc(categories.position), asc(categories.id))
            .for('update')
        ).map((r) => r.id);
        const rest = ordered.filter((x) => x !== id);
        rest.splice(Math.min(patch.position, rest.length), 0, id);
        for (const [position, cid] of rest.entries())
          await tx.update(categories).set({ position }).where(eq(categories.id, cid));
      }
    }),
  );
  await cache.invalidate({ tags: [tags.category(id)] });
  return toView(await ownedOr404(db, categories, userId, id, CATEGORY_NOT_FOUND));
}

/** Deletes a category; its products stay, without category (the foreign key sets null). */
export async function deleteCategory(db: Db, userId: number, id: number): Promise<void> {
  const current = await ownedOr404(db, categories, userId, id, CATEGORY_NOT_FOUND);
  await db.transaction(async (tx) => {
    await tx.delete(categories).where(eq(categories.id, id));
    await tx
      .update(categories)
      .set({ position: sql`${categories.position} - 1` })
      .where(and(eq(categories.userId, userId), gt(categories.position, current.position)));
  });
  await cache.invalidate({ tags: [tags.category(id)] });
}
