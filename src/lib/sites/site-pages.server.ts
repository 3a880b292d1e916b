/** A site's pages, each a Puck document saved with a version (a stale save is a 409 with the stored copy). */
import { and, asc, eq, sql } from 'drizzle-orm';
import { cleanPageData } from '@/lib/sites/blocks.server';
import { type PageData } from '@/lib/sites/schemas';
import { cache } from '@/lib/server/cache/provider';
import { tags } from '@/lib/server/cache/tags';
import type { Db } from '@/lib/server/db/client';
import { isUniqueViolation } from '@/lib/server/db/errors';
import { ownedOr404 } from '@/lib/server/db/queries';
import { saveVersioned } from '@/lib/server/db/versioned';
import { sitePages, sites } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';

import { SITE_NOT_FOUND } from '@/lib/sites/schemas';

export const PAGE_NOT_FOUND = 'No encontramos esa página.';
type PageRow = typeof sitePages.$inferSelect;

export interface PageView {
  id: number;
  path: string;
  title: string;
  data: PageData;
  published: boolean;
  /** The draft differs from what visitors see. */
  changed: boolean;
  version: number;
  updated_at: string;
}

export function pageView(row: PageRow): PageView {
  return {
    id: row.id,
    path: row.path,
    title: row.title,
    data: row.data as PageData,
    published: row.publishedData !== null,
    changed:
      JSON.stringify(row.data) !== JSON.stringify(row.publishedData) ||
      row.title !== row.publishedTitle,
    version: row.version,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A page of a site the seller owns (else 404, as if neither existed). */
async function ownedPage(db: Db, userId: number, siteId: number, pageId: number): Promise<PageRow> {
  await ownedOr404(db, sites, userId, siteId, SITE_NOT_FOUND);
  const [row] = await db
    .select()
    .from(sitePages)
    .where(and(eq(sitePages.id, pageId), eq(sitePages.siteId, siteId)));
  if (!row) throw new HttpError(404, PAGE_NOT_FOUND);
  return row;
}

export async function listPages(db: Db, userId: number, siteId: number): Promise<PageView[]> {
  await ownedOr404(db, sites, userId, siteId, SITE_NOT_FOUND);
  return (
    await db
      .select()
      .from(sitePages)
      .where(eq(sitePages.siteId, siteId))
      .orderBy(asc(sitePages.path))
  ).map(pageView);
}

export async function getPage(
  db: Db,
  userId: number,
  siteId: number,
  pageId: number,
): Promise<PageView> {
  return pageView(await ownedPage(db, userId, siteId, pageId));
}

const PATH_TAKEN = 'Ya hay una página con esa dirección.';

export async function createPage(
  db: Db,
  userId: number,
  siteId: number,
  input: { path: string; title: string; data?: PageData },
): Promise<PageView> {
  await ownedOr404(db, sites, userId, siteId, SITE_NOT_FOUND);
  const data = cleanPageData(
    input.data ?? { root: { props: { title: input.title } }, content: [] },
  );
  try {
    const [row] = await db
      .insert(sitePages)
      .values({ siteId, path: input.path, title: input.title, data })
      .returning();
    return pageView(row!);
  } catch (error) {
    if (isUniqueViolation(error))
      throw new HttpError(400, PATH_TAKEN, { errors: { path: [PATH_TAKEN] } });
    throw error;
  }
}

/** Saves a page's draft if `version` is the stored one; otherwise a 409 carrying the stored page. */
export async function putPage(
  db: Db,
  userId: number,
  siteId: number,
  pageId: number,
  input: { path?: string; title?: string; data: PageData; version: number },
): Promise<PageView> {
  const stored = await ownedPage(db, userId, siteId, pageId);
  if (input.path !== undefined && stored.path === '/' && input.path !== '/')
    throw new HttpError(400, 'La portada siempre está en /.', {
      errors: { path: ['La portada siempre está en /.'] },
    });
  try {
    await saveVersioned(db, {
      base: input.version,
      lock: async (tx) =>
        (await tx.select().from(sitePages).where(eq(sitePages.id, pageId)).for('update'))[0],
      versionOf: (row) => row.version,
      async write(tx, version) {
        await tx
          .update(sitePages)
          .set({
            data: cleanPageData(input.data),
            ...(input.title !== undefined && { title: input.title }),
            ...(input.path !== undefined && { path: input.path }),
            version,
            updatedAt: sql`now()`,
          })
          .where(eq(sitePages.id, pageId));
      },
      conflict: {
        message:
          'Esta página cambió en otra pestaña o dispositivo. Combinamos lo que pudimos; revisa antes de publicar.',
        current: (row) => (row ? pageView(row) : null),
      },
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new HttpError(400, PATH_TAKEN, { errors: { path: [PATH_TAKEN] } });
    throw error;
  }
  return getPage(db, userId, siteId, pageId);
}

export async function deletePage(
  db: Db,
  userId: number,
  siteId: number,
  pageId: number,
): Promise<void> {
  const row = await ownedPage(db, userId, siteId, pageId);
  if (row.path === '/') throw new HttpError(400, 'La portada no se puede eliminar.');
  await db.delete(sitePages).where(eq(sitePages.id, pageId));
  await cache.invalidate({ tags: [tags.site(siteId)] });
}
